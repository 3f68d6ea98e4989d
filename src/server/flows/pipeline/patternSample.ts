/**
 * Whether a text field's pattern and lengths leave anything to type: the check of meaning must
 * prove that a field can be filled in, and 'Patroon ^\d{4}$ with Minimale lengte 5' cannot. The
 * pattern is read into a small tree (the constructs real forms use: characters, classes, groups,
 * alternatives, quantifiers, anchors); from it come the lengths a match can have and a text of a
 * chosen length that matches — which is then tried with the real regular expression, so a sample
 * is only ever believed when JavaScript itself accepts it. A pattern with constructs the reader
 * does not know (look-arounds, back-references) is not judged here.
 */

type Node =
  | { kind: 'chars'; sample: string | undefined }
  | { kind: 'seq'; items: Node[] }
  | { kind: 'alt'; options: Node[] }
  | { kind: 'repeat'; node: Node; min: number; max: number }
  | { kind: 'anchor'; at: 'start' | 'end' };

class Unsupported extends Error {}

const DIGITS = '0123456789';
const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';
// Characters tried for a negated class or a dot: letters, digits, punctuation a form would take.
const POOL = `a${DIGITS}bcxyzABCXYZ -_.,@/+()'&é`;

interface ClassPart {
  test(char: string): boolean;
  sample: string;
}

/** Reads the pattern's text into the tree; throws Unsupported for constructs outside it. */
class Reader {
  private index = 0;

  constructor(private readonly text: string) {}

  parse(): Node {
    const node = this.alternatives();
    if (this.index < this.text.length) throw new Unsupported();
    return node;
  }

  private peek(): string | undefined {
    return this.text[this.index];
  }

  private alternatives(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.index += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0] : { kind: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.index < this.text.length && this.peek() !== '|' && this.peek() !== ')') items.push(this.quantified(this.atom()));
    return { kind: 'seq', items };
  }

  private quantified(node: Node): Node {
    const char = this.peek();
    let min: number;
    let max: number;
    if (char === '*') [min, max] = [0, Infinity];
    else if (char === '+') [min, max] = [1, Infinity];
    else if (char === '?') [min, max] = [0, 1];
    else if (char === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.text.slice(this.index));
      if (!match) return node;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
      this.index += match[0].length - 1;
    } else return node;
    this.index += 1;
    if (this.peek() === '?') this.index += 1;
    if (node.kind === 'anchor') throw new Unsupported();
    return { kind: 'repeat', node, min, max };
  }

  private atom(): Node {
    const char = this.text[this.index++];
    if (char === '^') return { kind: 'anchor', at: 'start' };
    if (char === '$') return { kind: 'anchor', at: 'end' };
    if (char === '.') return { kind: 'chars', sample: 'a' };
    if (char === '[') return this.characterClass();
    if (char === '(') {
      if (this.peek() === '?') {
        const rest = this.text.slice(this.index);
        if (rest.startsWith('?:')) this.index += 2;
        else if (/^\?<[A-Za-z_][A-Za-z0-9_]*>/.test(rest)) this.index += rest.indexOf('>') + 1;
        else throw new Unsupported();
      }
      const inner = this.alternatives();
      if (this.text[this.index++] !== ')') throw new Unsupported();
      return inner;
    }
    if (char === '\\') return this.escape(false) as Node;
    if (char === ')' || char === '*' || char === '+' || char === '?') throw new Unsupported();
    return { kind: 'chars', sample: char };
  }

  /** An escape after '\\': a node outside a class, a class part inside one. */
  private escape(inClass: boolean): Node | ClassPart {
    const char = this.text[this.index++];
    const part = (test: (c: string) => boolean, sample: string): Node | ClassPart => (inClass ? { test, sample } : { kind: 'chars', sample });
    const is = (set: string) => (c: string) => set.includes(c);
    switch (char) {
      case 'd':
        return part(is(DIGITS), '0');
      case 'D':
        return part((c) => !DIGITS.includes(c), 'a');
      case 'w':
        return part(is(WORD), 'a');
      case 'W':
        return part((c) => !WORD.includes(c), ' ');
      case 's':
        return part((c) => /\s/u.test(c), ' ');
      case 'S':
        return part((c) => !/\s/u.test(c), 'a');
      case 'b':
      case 'B':
        if (inClass) return part(is('\b'), '\b');
        throw new Unsupported();
      case 'p':
      case 'P': {
        const match = /^\{([A-Za-z_=]+)\}/.exec(this.text.slice(this.index));
        if (!match) throw new Unsupported();
        this.index += match[0].length;
        const property = new RegExp(`\\${char}{${match[1]}}`, 'u');
        const sample = [...POOL].find((c) => property.test(c));
        return part((c) => property.test(c), sample ?? '');
      }
      case 'u': {
        const match = /^(\{[0-9A-Fa-f]+\}|[0-9A-Fa-f]{4})/.exec(this.text.slice(this.index));
        if (!match) throw new Unsupported();
        this.index += match[0].length;
        const code = String.fromCodePoint(parseInt(match[0].replace(/[{}]/g, ''), 16));
        return part((c) => c === code, code);
      }
      case 'x': {
        const code = String.fromCharCode(parseInt(this.text.slice(this.index, this.index + 2), 16));
        this.index += 2;
        return part((c) => c === code, code);
      }
      case 'n':
        return part((c) => c === '\n', '\n');
      case 't':
        return part((c) => c === '\t', '\t');
      case 'r':
        return part((c) => c === '\r', '\r');
      default:
        if (char === undefined || /[1-9k]/.test(char)) throw new Unsupported();
        return part((c) => c === char, char);
    }
  }

  private characterClass(): Node {
    const negated = this.peek() === '^';
    if (negated) this.index += 1;
    const parts: ClassPart[] = [];
    while (this.index < this.text.length && this.peek() !== ']') {
      let part: ClassPart;
      const char = this.text[this.index++];
      if (char === '\\') part = this.escape(true) as ClassPart;
      else part = { test: (c) => c === char, sample: char };
      if (this.peek() === '-' && this.text[this.index + 1] !== ']' && this.text[this.index + 1] !== undefined && part.sample.length > 0) {
        this.index += 1;
        const endChar = this.text[this.index++];
        const end = endChar === '\\' ? (this.escape(true) as ClassPart).sample : endChar;
        const [low, high] = [part.sample.codePointAt(0)!, end.codePointAt(0)!];
        part = { test: (c) => c.codePointAt(0)! >= low && c.codePointAt(0)! <= high, sample: part.sample };
      }
      parts.push(part);
    }
    if (this.text[this.index++] !== ']') throw new Unsupported();
    if (!negated) return { kind: 'chars', sample: parts.length > 0 ? parts[0].sample : undefined };
    return { kind: 'chars', sample: [...POOL].find((c) => !parts.some((part) => part.test(c))) };
  }
}

/** The shortest and longest match of a node (a character counts one); undefined when it matches nothing. */
function lengths(node: Node): [number, number] | undefined {
  switch (node.kind) {
    case 'anchor':
      return [0, 0];
    case 'chars':
      return node.sample === undefined ? undefined : [1, 1];
    case 'seq': {
      let low = 0;
      let high = 0;
      for (const item of node.items) {
        const range = lengths(item);
        if (!range) return undefined;
        low += range[0];
        high += range[1];
      }
      return [low, high];
    }
    case 'alt': {
      const ranges = node.options.map(lengths).filter((range): range is [number, number] => range !== undefined);
      return ranges.length === 0 ? undefined : [Math.min(...ranges.map((range) => range[0])), Math.max(...ranges.map((range) => range[1]))];
    }
    case 'repeat': {
      const range = lengths(node.node);
      if (!range) return node.min === 0 ? [0, 0] : undefined;
      return [range[0] * node.min, node.max === 0 ? 0 : range[1] * node.max];
    }
  }
}

/** A text of exactly `length` characters that the node matches, when one is easy to make. */
function sample(node: Node, length: number): string | undefined {
  const range = lengths(node);
  if (!range || length < range[0] || length > range[1]) return undefined;
  switch (node.kind) {
    case 'anchor':
      return '';
    case 'chars':
      return node.sample;
    case 'alt':
      for (const option of node.options) {
        const found = sample(option, length);
        if (found !== undefined) return found;
      }
      return undefined;
    case 'seq': {
      // Each item its shortest length, then the rest handed out from the first item on.
      const ranges = node.items.map((item) => lengths(item)!);
      const sizes = ranges.map((item) => item[0]);
      let rest = length - sizes.reduce((sum, size) => sum + size, 0);
      ranges.forEach((item, index) => {
        const extra = Math.min(rest, item[1] - item[0]);
        sizes[index] += extra;
        rest -= extra;
      });
      const parts = node.items.map((item, index) => sample(item, sizes[index]));
      return parts.every((part) => part !== undefined) ? parts.join('') : undefined;
    }
    case 'repeat': {
      const [low, high] = lengths(node.node)!;
      for (let count = node.min; count <= Math.min(node.max, length + 1); count += 1) {
        if (count * low > length || (count * high < length && count < node.max && high > 0)) continue;
        if (count === 0) return length === 0 ? '' : undefined;
        const each = Math.floor(length / count);
        const parts = Array.from({ length: count }, (_, index) => sample(node.node, each + (index < length % count ? 1 : 0)));
        if (parts.every((part) => part !== undefined)) return parts.join('');
      }
      return undefined;
    }
  }
}

const codePoints = (text: string) => [...text].length;

export type PatternVerdict =
  /** A text within the lengths that the pattern accepts (tried with JavaScript's own RegExp). */
  | { fillable: true; example: string }
  /** Certain: no text within the lengths can match (the pattern's matches are all shorter or longer). */
  | { fillable: false; shortest?: number; longest?: number }
  /** The pattern could not be judged (constructs the reader does not know, or no sample found). */
  | { fillable: 'unknown' };

/**
 * Whether any text of `minLength` to `maxLength` characters matches `pattern` (searched anywhere in
 * the text, as JSON Schema does, unless anchored). `tried` are values known to be meant as valid
 * (a fixture's): one that fits proves the field fillable too.
 */
export function patternVerdict(pattern: string, minLength = 0, maxLength = Infinity, tried: readonly unknown[] = []): PatternVerdict {
  const expression = new RegExp(pattern, 'u');
  const fits = (text: string) => codePoints(text) >= minLength && codePoints(text) <= maxLength && expression.test(text);
  const known = tried.find((value): value is string => typeof value === 'string' && fits(value));
  if (known !== undefined) return { fillable: true, example: known };
  let tree: Node;
  try {
    tree = new Reader(pattern).parse();
  } catch (error) {
    if (error instanceof Unsupported) return { fillable: 'unknown' };
    throw error;
  }
  const items = tree.kind === 'alt' ? [tree] : tree.kind === 'seq' ? tree.items : [tree];
  // Unanchored at an end, the match may have any text beside it there.
  const padStart = tree.kind === 'alt' || items[0]?.kind !== 'anchor' || items[0].at !== 'start';
  const padEnd = tree.kind === 'alt' || items.at(-1)?.kind !== 'anchor' || (items.at(-1) as { at?: string }).at !== 'end';
  const range = lengths(tree);
  if (!range) return tree.kind === 'alt' ? { fillable: 'unknown' } : { fillable: false };
  const [shortest, longest] = [range[0], padStart || padEnd ? Infinity : range[1]];
  if (shortest > maxLength || longest < minLength) return { fillable: false, shortest: range[0], longest: padStart || padEnd ? undefined : range[1] };
  const from = Math.max(minLength, shortest);
  const to = Math.min(maxLength, longest, from + 40);
  for (let length = from; length <= to; length += 1) {
    const core = Math.min(length, range[1]);
    const text = sample(tree, core);
    if (text === undefined) continue;
    const padding = 'a'.repeat(length - codePoints(text));
    for (const candidate of padEnd ? [text + padding] : padStart ? [padding + text] : [text])
      if (fits(candidate)) return { fillable: true, example: candidate };
  }
  return { fillable: 'unknown' };
}
