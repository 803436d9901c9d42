/** Shipping countries and US state codes (SPEC §9). */

export type ShippingCountry = {
  /** ISO 3166-1 alpha-2 code. */
  readonly code: string;
  readonly name: string;
  /** International dialling code with its plus sign, e.g. '+1'. */
  readonly dialCode: string;
};

/** In the order the phone country list uses. */
export const SHIPPING_COUNTRIES: readonly ShippingCountry[] = [
  { code: 'US', name: 'United States', dialCode: '+1' },
  { code: 'AU', name: 'Australia', dialCode: '+61' },
  { code: 'CA', name: 'Canada', dialCode: '+1' },
  { code: 'DE', name: 'Germany', dialCode: '+49' },
  { code: 'ES', name: 'Spain', dialCode: '+34' },
  { code: 'IT', name: 'Italy', dialCode: '+39' },
  { code: 'IE', name: 'Ireland', dialCode: '+353' },
  { code: 'GB', name: 'United Kingdom', dialCode: '+44' },
  { code: 'JP', name: 'Japan', dialCode: '+81' },
  { code: 'KR', name: 'South Korea', dialCode: '+82' },
  { code: 'FR', name: 'France', dialCode: '+33' },
  { code: 'NL', name: 'Netherlands', dialCode: '+31' },
  { code: 'ZA', name: 'South Africa', dialCode: '+27' },
  { code: 'NZ', name: 'New Zealand', dialCode: '+64' },
  { code: 'MX', name: 'Mexico', dialCode: '+52' },
  { code: 'BE', name: 'Belgium', dialCode: '+32' },
  { code: 'PR', name: 'Puerto Rico', dialCode: '+1' },
  { code: 'HK', name: 'Hong Kong', dialCode: '+852' },
];

export type UsState = {
  readonly code: string;
  readonly name: string;
};

/** The 50 states, the District of Columbia, the inhabited territories and the military codes. */
export const US_STATES: readonly UsState[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
  { code: 'AS', name: 'American Samoa' },
  { code: 'GU', name: 'Guam' },
  { code: 'MP', name: 'Northern Mariana Islands' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'VI', name: 'U.S. Virgin Islands' },
  { code: 'UM', name: 'U.S. Minor Outlying Islands' },
  { code: 'AA', name: 'Armed Forces Americas' },
  { code: 'AE', name: 'Armed Forces Europe, Middle East, Africa and Canada' },
  { code: 'AP', name: 'Armed Forces Pacific' },
];

/** True for the code of a shipping country, exactly as listed (upper case). */
export function isShippingCountry(code: unknown): boolean {
  return typeof code === 'string' && SHIPPING_COUNTRIES.some((country) => country.code === code);
}

/** True for a US state, territory or military code, exactly as listed (upper case). */
export function isUsState(code: unknown): boolean {
  return typeof code === 'string' && US_STATES.some((state) => state.code === code);
}

export function countryName(code: string): string | undefined {
  return SHIPPING_COUNTRIES.find((country) => country.code === code)?.name;
}
