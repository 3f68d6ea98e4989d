import { useT } from '../i18n';

/** Shown while the config and the flow index load ('Bezig met laden', doc 2 §9). */
export function LoadingPage() {
  const t = useT();
  return (
    <p className="utrecht-paragraph portal-loading" role="status">
      {t('shell.loading')}
    </p>
  );
}
