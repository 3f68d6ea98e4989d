/**
 * The server must not accept a Dutch street and town that contradict the address register for the
 * postcode and house number given. Every object field marked `x-addressCheck` (the shared address
 * definition) is checked; when the lookup finds nothing or fails, manual entry stands.
 */
import type { Environment } from '../../../renderer/core/environment';
import { getAt } from '../../../renderer/core/paths';
import type { FlowDocument, JsonSchema } from '../../../renderer/core/types';
import { isHidden } from '../../../renderer/core/visibility';
import { ApiError, CODES, type ErrorItem } from '../errors';
import { checkDutchAddress, type PostcodeProvider } from '../postcode';

const MISMATCH: Record<'nl' | 'en', string> = {
  nl: 'De straatnaam en plaats horen niet bij deze postcode en dit huisnummer. Controleer het adres.',
  en: 'The street and town do not match this postcode and house number. Please check the address.',
};

function addressPaths(schema: JsonSchema, prefix = ''): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child['x-addressCheck']) return [path];
    return child.properties ? addressPaths(child, path) : [];
  });
}

export async function checkAddresses(flow: FlowDocument, env: Environment, provider: PostcodeProvider, lang: 'nl' | 'en'): Promise<void> {
  const problems: ErrorItem[] = [];
  for (const step of flow.steps) {
    for (const path of addressPaths(step.schema)) {
      if (isHidden(step, path, env)) continue;
      const address = getAt(env, `${step.dataKey}.${path}`) as Record<string, string> | undefined;
      if (!address || address.land !== 'NL' || !address.postcode || !address.huisnummer) continue;
      const outcome = await checkDutchAddress(provider, {
        postcode: address.postcode,
        huisnummer: address.huisnummer,
        straatnaam: address.straatnaam ?? '',
        woonplaats: address.woonplaats ?? '',
      });
      if (outcome === 'mismatch') problems.push({ code: CODES.invalidField, extraInfo: [`${step.dataKey}.${path}.straatnaam`, MISMATCH[lang]] });
    }
  }
  if (problems.length > 0) throw new ApiError(400, 'De aanvraag is niet volledig of niet juist ingevuld.', problems);
}
