// The English of a field moved to another step, and of a copied step, goes along: afterwards no
// text lacks English that had it before and no entry is left over, on a real flow and its English.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flowTexts, translationReport, type TranslationFile } from '../../../renderer/core/translations';
import { carryEnglish } from './englishMoves';
import { moveFieldToStep } from './fieldMoves';
import { copyStep } from './stepEdits';

const DOCUMENT = readFileSync('flows/abonneeregistratie-zorgverlener.flow.json', 'utf8');
const ENGLISH = readFileSync('flows/i18n/abonneeregistratie-zorgverlener.en.json', 'utf8');

const report = (document: string, english: string) => translationReport(flowTexts(JSON.parse(document)), JSON.parse(english) as TranslationFile);

describe('English that goes with what moves', () => {
  it('moves the English of a field, its messages, rules and boxes to the keys of its new step', () => {
    const before = report(DOCUMENT, ENGLISH);
    const moved = moveFieldToStep(DOCUMENT, 2, 'opleidingstitel', 1);
    if ('problem' in moved) throw new Error(moved.problem);
    expect(moved.renames).toEqual(
      expect.arrayContaining([
        ['steps.stap3.schema.properties.opleidingstitel', 'steps.stap2.schema.properties.opleidingstitel'],
        ['steps.stap3.boxes.diplomatoets', 'steps.stap2.boxes.diplomatoets'],
        ['steps.stap3.rules.mondhygienist', 'steps.stap2.rules.mondhygienist'],
      ]),
    );
    // Without its English the moved texts are missing and their entries left over ...
    const lost = report(moved.text, ENGLISH);
    expect(lost.missing.length).toBeGreaterThan(before.missing.length);
    expect(lost.orphaned.length).toBeGreaterThan(before.orphaned.length);
    // ... with it, nothing changes.
    const english = carryEnglish(ENGLISH, moved.renames);
    const after = report(moved.text, english);
    expect(after.missing).toEqual(before.missing);
    expect(after.orphaned).toEqual(before.orphaned);
    expect(after.stale).toEqual(before.stale);
    expect((JSON.parse(english) as TranslationFile)['steps.stap2.boxes.diplomatoets.title']).toEqual(
      (JSON.parse(ENGLISH) as TranslationFile)['steps.stap3.boxes.diplomatoets.title'],
    );
  });

  it('copies the English of a step\u2019s texts to the copy, all but its new title', () => {
    const before = report(DOCUMENT, ENGLISH);
    const copied = copyStep(DOCUMENT, 1, 'Tweede gemachtigd aanvrager')!;
    const english = carryEnglish(ENGLISH, copied.renames!, true);
    const after = report(copied.text, english);
    expect(after.missing.map((text) => text.path)).toEqual([...before.missing.map((text) => text.path), 'steps.stap5.title']);
    expect(after.orphaned).toEqual(before.orphaned);
    // The original keeps its own.
    expect(JSON.parse(english)).toMatchObject(JSON.parse(ENGLISH) as object);
  });

  it('leaves a flow without English file as it is', () => {
    expect(carryEnglish('', [['steps.stap1', 'steps.stap2']])).toBe('');
  });
});
