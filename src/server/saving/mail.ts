/**
 * The resume link by e-mail, when `SMTP_URL` is set (nodemailer). The message carries the link
 * only, never the code: a mailbox alone does not open the saved application. The address is used
 * for this one message and neither stored nor logged.
 */
import nodemailer from 'nodemailer';

export interface MailSettings {
  /** smtp://user:pass@host:port or smtps://… */
  url: string;
  from: string;
}

export interface ResumeMail {
  to: string;
  link: string;
  expiresAt: Date;
  applicationName: string;
}

export type SendResumeMail = (mail: ResumeMail) => Promise<void>;

function dateOf(date: Date): string {
  return new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(date);
}

export function resumeMailText(mail: ResumeMail): string {
  return [
    'Geachte heer/mevrouw,',
    '',
    `U heeft uw aanvraag in het ${mail.applicationName} opgeslagen om later verder te gaan.`,
    'Met deze link gaat u verder waar u bent gebleven:',
    '',
    mail.link,
    '',
    'U heeft daarbij de code nodig die u op het scherm kreeg. Die code staat niet in deze e-mail.',
    `De link werkt één keer en is geldig tot en met ${dateOf(mail.expiresAt)}.`,
    '',
    'Heeft u dit niet zelf gedaan? Dan kunt u deze e-mail negeren.',
  ].join('\n');
}

export function createResumeMailer(settings: MailSettings): SendResumeMail {
  const transport = nodemailer.createTransport(settings.url);
  return async (mail) => {
    await transport.sendMail({
      from: settings.from,
      to: mail.to,
      subject: `Uw opgeslagen aanvraag — ${mail.applicationName}`,
      text: resumeMailText(mail),
    });
  };
}
