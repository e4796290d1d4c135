/** The catalogue's objection families (coach.Objections), in the server's order. */
export const FAMILIES = [
  'price',
  'no_need',
  'no_time',
  'existing_supplier',
  'trust',
  'authority',
  'risk_of_change',
  'data_protection',
  'timing',
  'works_council',
] as const;
