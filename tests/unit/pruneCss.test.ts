import { describe, expect, it } from 'vitest';
import { pruneCss } from '../../scripts/pruneCss';

const prune = (css: string, ...scripts: string[]) => pruneCss({ 'a.css': css }, scripts)['a.css'];

describe('pruneCss', () => {
  it('drops rules of utrecht classes no script names, keeps named and generated ones', () => {
    const css = '.utrecht-button{color:red}.utrecht-badge{color:blue}.utrecht-button--danger{color:green}.utrecht-heading-3{margin:0}.portal-x{margin:1px}';
    const out = prune(css, 'e("utrecht-button", `utrecht-button--${t}`, `utrecht-heading-${n}`)');
    expect(out).toContain('.utrecht-button{');
    expect(out).toContain('.utrecht-button--danger');
    expect(out).toContain('.utrecht-heading-3');
    expect(out).toContain('.portal-x');
    expect(out).not.toContain('utrecht-badge');
  });

  it('keeps the used selectors of a list and judges no class inside :not() or :is()', () => {
    const css = '.utrecht-link,.utrecht-badge{color:red}.utrecht-link:not(.utrecht-badge){color:blue}.utrecht-badge .utrecht-link{color:green}';
    const out = prune(css, '"utrecht-link"');
    expect(out).toContain('.utrecht-link{color:red}');
    expect(out).toContain('.utrecht-link:not(.utrecht-badge)');
    expect(out).not.toContain('.utrecht-badge .utrecht-link');
  });

  it('keeps the custom properties in use, through other properties too, and drops the rest and empty rules', () => {
    const css =
      ':root{--a:1px;--b:var(--c);--c:2px;--unused:3px;--from-script:4px}.x{margin:var(--a) var(--b)}@media (min-width:1px){.utrecht-badge{color:red}}';
    const out = prune(css, 'el.style.setProperty("--from-script", "1")');
    for (const kept of ['--a:1px', '--b:var(--c)', '--c:2px', '--from-script:4px']) expect(out).toContain(kept);
    expect(out).not.toContain('--unused');
    expect(out).not.toContain('@media');
  });

  it('counts uses in every stylesheet of the build', () => {
    const out = pruneCss({ 'tokens.css': ':root{--a:1px;--b:2px}', 'lazy.css': '.y{margin:var(--b)}' }, []);
    expect(out['tokens.css']).toBe(':root{--b:2px}');
  });
});
