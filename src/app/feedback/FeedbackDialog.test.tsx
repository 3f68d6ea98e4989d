// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n';
import { FeedbackDialog } from './FeedbackDialog';
import { deviceInfo } from './sendOpinion';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

function renderDialog(send = vi.fn(async () => true), lang: 'nl' | 'en' = 'nl') {
  const onClose = vi.fn();
  render(
    <I18nProvider initialLang={lang}>
      <FeedbackDialog onClose={onClose} send={send} />
    </I18nProvider>,
  );
  return { onClose, send };
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Versturen' }));
  });
}

describe('FeedbackDialog', () => {
  it('asks for a rating first: five labelled radios, no comment field yet', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Geef uw mening' })).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Hoe beoordeelt u deze website?' });
    const radios = Array.from(group.querySelectorAll('input[type=radio]'));
    expect(radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Slecht', 'Matig', 'Voldoende', 'Goed', 'Uitstekend']);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Versturen' })).toBeNull();
  });

  it('then the optional comment with the 500-character counter, and sends rating and trimmed comment', async () => {
    const { send, onClose } = renderDialog();
    fireEvent.click(screen.getByLabelText('Goed'));
    const comment = screen.getByRole('textbox', { name: 'Wat kunnen wij verbeteren?' });
    expect(screen.getByText('500 karakters resterend')).toBeTruthy();
    expect(comment.getAttribute('aria-describedby')).toContain(screen.getByText('500 karakters resterend').id);
    fireEvent.change(comment, { target: { value: '  Meer uitleg bij stap 2  ' } });
    expect(screen.getAllByText('478 karakters resterend')).toHaveLength(2);
    await submit();
    expect(send).toHaveBeenCalledWith({ rating: 4, comment: 'Meer uitleg bij stap 2' });
    const thanks = screen.getByText('Bedankt voor uw mening. Wij gebruiken uw reactie om deze website te verbeteren.');
    expect(document.activeElement).toBe(thanks);
    fireEvent.click(screen.getAllByRole('button', { name: /Sluiten/ }).at(-1)!);
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('sends a rating without a comment', async () => {
    const { send } = renderDialog();
    fireEvent.click(screen.getByLabelText('Slecht'));
    await submit();
    expect(send).toHaveBeenCalledWith({ rating: 1, comment: undefined });
  });

  it('refuses more than 500 characters with the generic maximum-length message, and sends nothing', async () => {
    const { send } = renderDialog();
    fireEvent.click(screen.getByLabelText('Matig'));
    const comment = screen.getByRole('textbox');
    fireEvent.change(comment, { target: { value: 'x'.repeat(501) } });
    expect(screen.getAllByText('1 karakter te veel')[0].className).toContain('widget-textarea__counter--error');
    await submit();
    expect(send).not.toHaveBeenCalled();
    const message = "Het veld 'Wat kunnen wij verbeteren?' is ongeldig. Er mogen maximaal 500 tekens ingevuld worden.";
    expect(screen.getByText(message)).toBeTruthy();
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(comment);
    fireEvent.change(comment, { target: { value: 'x'.repeat(500) } });
    expect(screen.queryByText(message)).toBeNull();
    await submit();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('thanks the user also when sending failed; closing then reports not sent', async () => {
    const { onClose } = renderDialog(vi.fn(async () => false));
    fireEvent.click(screen.getByLabelText('Uitstekend'));
    await submit();
    expect(screen.getByText(/Bedankt voor uw mening/)).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('closes on Escape before sending, reporting not sent', () => {
    const { onClose, send } = renderDialog();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('speaks English', async () => {
    renderDialog(undefined, 'en');
    // The English shell texts load asynchronously; the dialog's own texts are there at once.
    expect(await screen.findByRole('group', { name: 'How do you rate this website?' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Good'));
    expect(await screen.findByText('500 characters remaining')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });
});

describe('deviceInfo', () => {
  it('sends the device shape of doc 2 §3, derived from the user agent', () => {
    const info = deviceInfo();
    expect(Object.keys(info).sort()).toEqual(['browser', 'browser_version', 'device', 'deviceType', 'orientation', 'os', 'os_version', 'userAgent']);
    expect(info.userAgent).toBe(navigator.userAgent);
    expect(['portrait', 'landscape']).toContain(info.orientation);
  });
});
