/**
 * The source view of a draft: the flow document and its English texts in the JSON editor, the
 * document checked and completed against the flow meta-schema as it is typed (the server's findings
 * stay the final word). Loaded on demand: the editor is the back office's largest part.
 */
import flowSchema from '../../../schemas/flow.schema.json';
import type { Finding } from '../api';
import { JsonEditor } from './JsonEditor';

export interface SourceEditorsProps {
  ids: { document: string; english: string; hint: string };
  document: string;
  english: string;
  findings: Finding[];
  readOnly: boolean;
  onDocument: (text: string) => void;
  onEnglish: (text: string) => void;
}

/** The style nonce the server gave this page (its Content-Security-Policy allows only that one). */
const cspNonce = typeof document === 'undefined' ? undefined : (document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? undefined);

const of = (findings: Finding[], text: Finding['text']) => findings.filter((finding) => finding.text === text);

export function SourceEditors({ ids, document, english, findings, readOnly, onDocument, onEnglish }: SourceEditorsProps) {
  return (
    <>
      <div className="beheer-source">
        <JsonEditor
          id={ids.document}
          label="Broncode (JSON)"
          value={document}
          onChange={onDocument}
          schema={flowSchema}
          findings={of(findings, 'document')}
          describedBy={ids.hint}
          readOnly={readOnly}
          cspNonce={cspNonce}
        />
      </div>
      <div className="beheer-source">
        <JsonEditor
          id={ids.english}
          label="Engelse teksten (JSON)"
          value={english}
          onChange={onEnglish}
          findings={of(findings, 'english')}
          readOnly={readOnly}
          cspNonce={cspNonce}
        />
      </div>
    </>
  );
}

export default SourceEditors;
