import { describe, expect, it } from 'vitest';
import { createTranslate } from '../../renderer/core/i18n';
import { widgetResources } from '../i18n';
import { fileExtension, validateFiles } from './validateFiles';

const f = (name: string, size = 100) => ({ name, size });
const nl = createTranslate(widgetResources.nl);
const en = createTranslate(widgetResources.en);

describe('validateFiles', () => {
  it('accepts good files and reports each broken rule once per file', () => {
    const result = validateFiles(
      [f('ok.pdf'), f('big.pdf', 2048), f('doc.docx'), f('empty.pdf', 0), f(`${'n'.repeat(256)}.pdf`), f('a|b.pdf'), f('noext')],
      [],
      { multiple: true, accept: ['pdf'], maxFileSize: 1024 },
    );
    expect(result.accepted.map((file) => file.name)).toEqual(['ok.pdf']);
    expect(result.problems.map((problem) => problem.key)).toEqual([
      'widget.file.error.tooBig',
      'widget.file.error.type',
      'widget.file.error.empty',
      'widget.file.error.nameTooLong',
      'widget.file.error.nameCharacters',
      'widget.file.error.type',
    ]);
    expect(nl(result.problems[0].key, result.problems[0].params)).toBe("Het bestand 'big.pdf' is niet toegevoegd, omdat het groter is dan 1 kB.");
  });

  it('rejects every forbidden character', () => {
    for (const char of ['"', '*', ':', '<', '>', '?', '/', '\\', '|']) {
      expect(validateFiles([f(`a${char}b.pdf`)], [], {}).problems[0]?.key).toBe('widget.file.error.nameCharacters');
    }
    expect(validateFiles([f(`${'n'.repeat(251)}.pdf`)], [], {}).accepted).toHaveLength(1);
  });

  it('skips duplicates of existing and of earlier files in the same choice', () => {
    const result = validateFiles([f('a.pdf'), f('a.pdf'), f('a.pdf', 5), f('b.pdf')], [f('b.pdf')], { multiple: true });
    expect(result.accepted.map((file) => `${file.name}:${file.size}`)).toEqual(['a.pdf:100', 'a.pdf:5']);
    expect(result.problems).toEqual([
      { key: 'widget.file.error.duplicate', params: { filename: 'a.pdf' } },
      { key: 'widget.file.error.duplicate', params: { filename: 'b.pdf' } },
    ]);
  });

  it('adds nothing when maxFiles would be exceeded', () => {
    const result = validateFiles([f('c.pdf'), f('d.pdf')], [f('a.pdf'), f('b.pdf')], { multiple: true, maxFiles: 3 });
    expect(result.accepted).toEqual([]);
    expect(result.problems).toEqual([{ key: 'widget.file.error.tooMany', params: { maxFiles: 3, allowedFiles: 1 } }]);
    expect(nl(result.problems[0].key, result.problems[0].params)).toBe(
      'Er zijn geen bestanden toegevoegd omdat daardoor het maximum aantal van 3 is overschreden. Selecteer nog maximaal 1 bestanden.',
    );
    expect(validateFiles([f('c.pdf')], [f('a.pdf'), f('b.pdf')], { multiple: true, maxFiles: 3 }).accepted).toHaveLength(1);
  });

  it('single mode keeps the last good file and ignores existing ones', () => {
    const result = validateFiles([f('a.pdf'), f('b.pdf')], [f('b.pdf')], {});
    expect(result.accepted.map((file) => file.name)).toEqual(['b.pdf']);
    expect(result.problems).toEqual([]);
  });

  it('formats parameters in the language', () => {
    const result = validateFiles([f('big.pdf', 5_000_000), f('x.txt')], [], { maxFileSize: 1.5 * 1024 * 1024, accept: ['pdf', 'jpg', 'png'] }, 'en');
    expect(en(result.problems[0].key, result.problems[0].params)).toBe("The file 'big.pdf' has not been added, because it is larger than 1.5 MB.");
    expect(result.problems[1].params.allowedTypes).toBe('PDF, JPG, and PNG');
  });

  it('fileExtension', () => {
    expect(fileExtension('Scan.JPG')).toBe('jpg');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('naam.')).toBe('');
    expect(fileExtension('archief.tar.gz')).toBe('gz');
  });
});
