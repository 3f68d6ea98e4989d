// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createTranslate } from '../../renderer/core/i18n';
import { widgetResources } from '../i18n';
import { FileList } from '.';

afterEach(cleanup);

describe('FileList', () => {
  it('lists names with human sizes (Dutch decimal comma)', () => {
    render(
      <FileList
        files={[
          { name: 'diploma.pdf', size: 1536 },
          { name: 'foto.jpg', size: 2 * 1024 * 1024 },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['diploma.pdf (1,5 kB)', 'foto.jpg (2 MB)']);
  });

  it('uses a decimal point in English and says when there are no files', () => {
    render(<FileList files={[{ name: 'a.pdf', size: 1536 }]} lang="en" t={createTranslate(widgetResources.en)} />);
    expect(screen.getByRole('listitem').textContent).toBe('a.pdf (1.5 kB)');
    cleanup();
    render(<FileList files={[]} />);
    expect(screen.getByText('Geen bestanden')).toBeTruthy();
  });
});
