/** Landing page outside production: links to every flow of the flow index (doc 1 §2 'home'). */
import { Link } from 'wouter';
import { useT } from '../i18n';
import { usePageTitle } from '../pageTitle';
import { usePortal } from '../portal';
import { homeLinks, SCENARIOS } from '../routes';

export function HomePage() {
  const t = useT();
  const { flows } = usePortal();
  const title = t('shell.home.title');
  usePageTitle([title]);
  const links = homeLinks(flows);

  return (
    <>
      <h1 className="utrecht-heading-1">{title}</h1>
      <p className="utrecht-paragraph">{t('shell.home.intro')}</p>
      {links.length === 0 && <p className="utrecht-paragraph">{t('shell.home.empty')}</p>}
      {SCENARIOS.map((scenario) => {
        const items = links.filter((link) => link.scenario === scenario);
        if (items.length === 0) return null;
        const headingId = `portal-home-${scenario}`;
        return (
          <section key={scenario} aria-labelledby={headingId}>
            <h2 id={headingId} className="utrecht-heading-2">
              {t(`shell.domain.${scenario}`)}
            </h2>
            <ul className="utrecht-unordered-list portal-home__list">
              {items.map((link) => (
                <li key={link.href} className="utrecht-unordered-list__item">
                  <Link href={link.href} className="utrecht-link">
                    {link.variant === 'artikel34' ? t('shell.home.artikel34', { title: link.title }) : link.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
