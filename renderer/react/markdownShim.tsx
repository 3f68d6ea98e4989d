/**
 * Stand-in for markdown-to-jsx, which @rjsf/core imports for rich descriptions. Flow texts are
 * plain text, so they render as text: this keeps ~30 KB of parser out of every flow's bundle.
 */
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return <>{children}</>;
}

export default Markdown;
