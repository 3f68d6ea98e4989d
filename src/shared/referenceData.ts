/** `GET /api/referencedata/postcodedata?Postcode&Huisnummer` (doc 2 §7): the street and town of a Dutch address. */
export interface PostcodeAnswer {
  straat: string;
  plaats: string;
}
