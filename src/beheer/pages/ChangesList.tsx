/**
 * What changed between two versions of a flow (or a version and the draft), in sentences from the
 * server: where in the form, and what. Used for the draft's own changes and for comparing versions.
 */
import { Badge } from '../components/Badge';
import type { Change } from '../../shared/beheer';

const KINDS: Record<Change['kind'], { label: string; variant: 'succes' | 'fout' | 'waarschuwing' | 'neutraal' }> = {
  toegevoegd: { label: 'Toegevoegd', variant: 'succes' },
  verwijderd: { label: 'Verwijderd', variant: 'fout' },
  gewijzigd: { label: 'Gewijzigd', variant: 'waarschuwing' },
  verplaatst: { label: 'Verplaatst', variant: 'neutraal' },
};

export function ChangesList({ label, changes }: { label: string; changes: Change[] }) {
  if (changes.length === 0) return <p className="utrecht-paragraph">Er zijn geen verschillen.</p>;
  return (
    <>
      <p className="utrecht-paragraph">{changes.length === 1 ? '1 verschil:' : `${changes.length} verschillen:`}</p>
      <ul className="utrecht-unordered-list beheer-changes" aria-label={label}>
        {changes.map((change, index) => (
          <li key={`${change.path}:${index}`} className="utrecht-unordered-list__item">
            <Badge variant={KINDS[change.kind].variant}>{KINDS[change.kind].label}</Badge> <span className="beheer-muted beheer-inline">{change.where}</span>
            <br />
            {change.text}
          </li>
        ))}
      </ul>
    </>
  );
}
