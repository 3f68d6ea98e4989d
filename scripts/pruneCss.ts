/**
 * Build step (vite.config.ts): the NL Design System stylesheets come whole — every component of the
 * Utrecht library and a design token for each of them, some 50 KB gzipped that block the first
 * paint. This drops, from the built CSS only:
 * - rules whose selector names a `utrecht-` class that no built script mentions — the scripts
 *   hold every class the portal and the Utrecht React components can set, as the whole name or as
 *   the prefix a generated one starts with (`utrecht-heading-`, `utrecht-button--`);
 * - custom properties (design tokens) that nothing left uses, directly or through other tokens,
 *   and that no script mentions.
 * A selector list keeps its other selectors; rules and at-rules left empty go.
 */
import { createHash } from 'node:crypto';
import postcss, { type Container, type Declaration, type Rule } from 'postcss';
import type { Plugin } from 'vite';

const CLASS = /\.(utrecht-[a-z0-9_-]+)/gi;
const VAR_USE = /var\(\s*(--[a-z0-9_-]+)/gi;

/** Whether a class name is named in the scripts, whole or by the prefix of a generated name. */
export function usedClasses(scripts: string[]): (className: string) => boolean {
  const names = new Set<string>();
  const prefixes = new Set<string>();
  for (const code of scripts) {
    for (const [token] of code.matchAll(/utrecht-[a-z0-9_-]*/gi)) {
      if (/[-_]$/.test(token)) prefixes.add(token);
      else names.add(token);
    }
  }
  const starts = [...prefixes];
  return (className) => names.has(className) || starts.some((prefix) => className.startsWith(prefix));
}

/**
 * Whether a selector can match what the portal renders. Classes inside `:not()`, `:is()` and the
 * like are not judged (an unknown one may still let the selector match), so they keep it.
 */
function keepSelector(selector: string, used: (className: string) => boolean): boolean {
  let outer = selector;
  while (/\([^()]*\)/.test(outer)) outer = outer.replace(/\([^()]*\)/g, '');
  for (const [, className] of outer.matchAll(CLASS)) if (!used(className)) return false;
  return true;
}

function removeEmpty(container: Container): void {
  container.each((node) => {
    if (node.type === 'rule' || node.type === 'atrule') {
      if (node.nodes) removeEmpty(node);
      if (node.nodes && node.nodes.length === 0) node.remove();
    }
  });
}

/**
 * Prunes stylesheets (file name -> CSS) against the scripts and returns the pruned CSS of the
 * sheets named in `prune` (default: all); the other sheets only count as users of tokens.
 */
export function pruneCss(sheets: Record<string, string>, scripts: string[], prune: string[] = Object.keys(sheets)): Record<string, string> {
  const used = usedClasses(scripts);
  const roots = Object.fromEntries(Object.entries(sheets).map(([name, css]) => [name, postcss.parse(css)]));
  const pruned = prune.map((name) => roots[name]);

  for (const root of pruned) {
    root.walkRules((rule: Rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as { name: string }).name)) return;
      const kept = rule.selectors.filter((selector) => keepSelector(selector, used));
      if (kept.length === 0) rule.remove();
      else if (kept.length < rule.selectors.length) rule.selectors = kept;
    });
  }

  // Custom properties: what regular declarations and the scripts use, and what those use in turn.
  const definitions = new Map<string, string[]>();
  const needed = new Set<string>();
  for (const code of scripts) for (const [name] of code.matchAll(/--[a-z][a-z0-9_-]*/gi)) needed.add(name);
  for (const root of Object.values(roots)) {
    root.walkDecls((decl: Declaration) => {
      const uses = [...decl.value.matchAll(VAR_USE)].map(([, name]) => name);
      if (decl.prop.startsWith('--')) definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), ...uses]);
      else uses.forEach((name) => needed.add(name));
    });
  }
  const pending = [...needed];
  while (pending.length > 0) {
    for (const name of definitions.get(pending.pop()!) ?? []) {
      if (!needed.has(name)) {
        needed.add(name);
        pending.push(name);
      }
    }
  }
  for (const root of pruned) {
    root.walkDecls((decl: Declaration) => {
      if (decl.prop.startsWith('--') && !needed.has(decl.prop)) decl.remove();
    });
    removeEmpty(root);
  }
  return Object.fromEntries(prune.map((name) => [name, roots[name].toString()]));
}

/** `assets/index-D8cAdSpO.css` -> the same name with a hash of `content` (same length). */
function renamed(fileName: string, content: string): string {
  return fileName.replace(/-([A-Za-z0-9_-]{8})\.css$/, () => `-${createHash('sha256').update(content).digest('base64url').slice(0, 8)}.css`);
}

/**
 * The Vite plugin: prunes the stylesheets the entry links from index.html (the NL Design System
 * sheets are imported there). Their files are then named after the pruned content — assets are
 * cached for good, and the pruned content also changes when only a script does.
 */
export function pruneCssPlugin(): Plugin {
  return {
    name: 'prune-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const scripts: string[] = [];
      const sheets: Record<string, string> = {};
      const entrySheets = new Set<string>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') {
          scripts.push(output.code);
          if (output.isEntry) output.viteMetadata?.importedCss.forEach((css) => entrySheets.add(css));
        } else if (fileName.endsWith('.css')) sheets[fileName] = String(output.source);
      }
      for (const [fileName, css] of Object.entries(pruneCss(sheets, scripts, [...entrySheets]))) {
        const asset = bundle[fileName];
        if (asset.type !== 'asset') continue;
        const name = renamed(fileName, css);
        delete bundle[fileName];
        this.emitFile({ type: 'asset', fileName: name, source: css });
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.viteMetadata?.importedCss.delete(fileName)) output.viteMetadata.importedCss.add(name);
          else if (output.type === 'asset' && output.fileName.endsWith('.html')) output.source = String(output.source).replaceAll(fileName, name);
        }
      }
    },
  };
}
