/**
 * The repository's test cases follow their intent: a deliberate new label, or a new message for a
 * field that is not filled in, fails no case that is not about wording; a case about wording still
 * catches it, at the field whose text it pins. Shown through the pipeline on shipped flows, and for
 * every field of every shipped and example flow.
 */
import { describe, expect, it } from 'vitest';
import { coverageFields } from '../../renderer/core/caseCoverage/fields';
import { schemaAt } from '../../renderer/core/schemaPaths';
import type { FlowDocument } from '../../renderer/core/types';
import { fixtureResult, loadFixtures, type FixtureFile } from '../../src/server/flows/fixtures';
import { createPipeline, type CompiledFlow } from '../../src/server/flows/pipeline/compileFlow';
import { compileShippedFlows, flowInputs, loadPipelineSources } from '../../src/server/flows/sources';
import { loadTranslations } from '../../src/server/i18n';
import { edited, type Json } from '../helpers/flowEdits';

const root = process.cwd();
const t = loadTranslations().nl;

/** Compiles a shipped flow with its file changed as an administrator would. */
function compiledWith(flowId: string, change: (document: Json) => void): CompiledFlow {
  const input = flowInputs(root, { examples: true }).find((candidate) => candidate.expectedId === flowId)!;
  const result = createPipeline(loadPipelineSources(root))(edited(input, change));
  if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('\n'));
  return result.flow;
}

/** The cases that fail on the flow, each with the fields that differ. */
function failing(flow: CompiledFlow, fixtures: FixtureFile[]): Record<string, string[]> {
  const document = flow.content.documents.nl;
  const found: Record<string, string[]> = {};
  for (const { file, fixture } of fixtures) {
    const { problems, differences } = fixtureResult(document, fixture, flow.runtime.validators, t, flow.content.lists.nl);
    if (problems.length > 0) found[file] = differences.map((difference) => difference.field);
  }
  return found;
}

describe('a new label and message of a field', () => {
  it('fail no test case of the flow when none is about their wording', () => {
    const flow = compiledWith('aanleveren-documenten', (document) => {
      const step = document.steps[0];
      step.schema.properties.abonneeNaam.title = 'Naam van de abonnee';
      step.messages = { ...step.messages, abonneeNaam: { required: 'Vul de naam van de abonnee in.' } };
    });
    expect(flow.content.documents.nl.steps[0].schema.properties!.abonneeNaam.title).toBe('Naam van de abonnee');
    const fixtures = loadFixtures(root, 'aanleveren-documenten');
    expect(fixtures.length).toBeGreaterThan(20);
    expect(failing(flow, fixtures)).toEqual({});
  });

  it('fail exactly the cases about their wording, at that field', () => {
    const flow = compiledWith('abonneeregistratie-zorginstelling', (document) => {
      document.steps[0].schema.properties.kvkNummer.title = 'Nummer in het Handelsregister';
    });
    expect(failing(flow, loadFixtures(root, 'abonneeregistratie-zorginstelling'))).toEqual({
      'abonneeregistratie-zorginstelling/12-nummers-ongeldig.json': ['organisatie.kvkNummer'],
      'abonneeregistratie-zorginstelling/13-nummers-met-letters.json': ['organisatie.kvkNummer'],
    });
  });

  it('a new message for a missing value alone fails the case that pins it, and only that one', () => {
    const flow = compiledWith('abonneeregistratie-zorgverlener', (document) => {
      document.steps[0].messages = { 'correspondentienaam.achternaam': { required: 'Vul de achternaam voor brieven in.' } };
    });
    expect(failing(flow, loadFixtures(root, 'abonneeregistratie-zorgverlener'))).toEqual({
      'abonneeregistratie-zorgverlener/07-bezoekadres-en-persoonsgegevens-ongeldig.json': ['gegevensZorgverlener.correspondentienaam.achternaam'],
    });
  });
});

describe('every field of every shipped and example flow', () => {
  /** The flow's document with one field's label and its message for a missing value changed. */
  function withNewWords(document: FlowDocument, stepIndex: number, path: string): FlowDocument {
    const changed = structuredClone(document);
    const step = changed.steps[stepIndex];
    const schema = path === '' ? step.schema : schemaAt(step.schema, path);
    if (schema) schema.title = `Nieuw label ${stepIndex} ${path}`;
    step.messages = { ...step.messages, [path]: { ...step.messages?.[path], required: `Nieuwe melding bij ${path}.` } };
    return changed;
  }

  it('a new label and message fail only cases that pin the text of that field', () => {
    let changes = 0;
    let caught = 0;
    for (const [flowId, flow] of compileShippedFlows(root, { examples: true })) {
      const document = flow.content.documents.nl;
      const fixtures = loadFixtures(root, flowId);
      document.steps.forEach((step, stepIndex) => {
        for (const { path } of coverageFields(step)) {
          const changed = withNewWords(document, stepIndex, path);
          changes += 1;
          for (const { file, fixture } of fixtures) {
            const { differences } = fixtureResult(changed, fixture, flow.runtime.validators, t, flow.content.lists.nl);
            const pinned = Object.keys(fixture.expected.wording ?? {});
            // Only the wording of a pinned field may differ; whether and where a message shows never.
            for (const difference of differences) {
              expect(pinned, `${file}: ${path} gewijzigd`).toContain(difference.field);
              expect([difference.expected.state, difference.actual.state], `${file}: ${path}`).toEqual(['message', 'message']);
            }
            caught += differences.length > 0 ? 1 : 0;
          }
        }
      });
    }
    expect(changes).toBeGreaterThan(200);
    // The cases about wording do catch it.
    expect(caught).toBeGreaterThan(20);
  });
});
