/** The answer of a stored submission (doc 2 §7 `<flow>/upload`, and a flow's final submit): its reference. */
export interface KenmerkAnswer {
  kenmerk: string;
}
