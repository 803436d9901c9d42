import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  DEPENDENT_FIELDS,
  FIELD_RULES,
  LOGIN_FIELD_RULES,
  MESSAGES,
  PASSWORD_CLASSES,
  PO_BOX_WARNING,
  fieldsToValidateOnChange,
  isPoBox,
  loginSchema,
  makeProfilePatchSchema,
  makeSetPasswordSchema,
  makeShippingPatchSchema,
  missingPasswordClasses,
  nameParts,
  normalizeZipcode,
  profilePatchSchema,
  profileSchema,
  registrationSchema,
  setPasswordSchema,
  shippingPatchSchema,
  shippingSchema,
  toFieldErrors,
  validateAddress,
  validateAddressOptional,
  validateCity,
  validateCountry,
  validateEmail,
  validateForm,
  validateFullName,
  validateLoginEmail,
  validateLoginPassword,
  validateName,
  validatePassword,
  validatePasswordCopy,
  validatePhone,
  validateState,
  validateToken,
  validateZipcode,
} from './validation.ts';
import type { FieldIssue, FieldRule, FieldValues } from './validation.ts';
import { TEXT_MESSAGES } from './text.ts';

type Row = [label: string, value: string, expected: string | null];
type RowWithValues = [label: string, value: string, values: FieldValues | undefined, expected: string | null];

const a = (n: number) => 'a'.repeat(n);
const messageOf = (issue: FieldIssue | null) => issue?.message ?? null;

function expectErrors(rule: FieldRule, rows: readonly Row[]) {
  it.each(rows)('%s', (_label, value, expected) => {
    const issue = rule(value);
    expect(messageOf(issue)).toBe(expected);
    if (issue) expect(issue.severity).toBe('error');
  });
}

describe('spec messages, word for word', () => {
  it.each([
    [MESSAGES.nameRequired, 'Name is required'],
    [MESSAGES.nameBlank, 'Name may not contain only empty characters'],
    [MESSAGES.nameTooLong, 'Name must be less than 56 characters'],
    [MESSAGES.fullNameTooLong, 'Name must be less than 114 characters'],
    [MESSAGES.nameInvalid, 'Please include valid characters'],
    [MESSAGES.emailRequired, 'Email is required'],
    [MESSAGES.emailTooLong, 'Email must be less than 254 characters'],
    [MESSAGES.emailInvalid, 'Please input a valid email'],
    [MESSAGES.passwordRequired, 'Password is required'],
    [MESSAGES.passwordTooShort, 'Password should not be less than 8 characters'],
    [MESSAGES.passwordTooLong, 'Password must be less than 255 characters'],
    [MESSAGES.passwordForbidden, 'Password contains forbidden symbols'],
    [MESSAGES.passwordContainsName, 'Password must not contain parts of the name'],
    [MESSAGES.passwordsMustMatch, 'Passwords must match'],
    [MESSAGES.phoneRequired, 'Phone is required'],
    [MESSAGES.phoneInvalid, 'Please input a valid phone number'],
    [MESSAGES.addressRequired, 'Address is required'],
    [MESSAGES.addressTooLong, 'Address must be less than 255 characters'],
    [MESSAGES.cityTooLong, 'City must be less than 50 characters'],
    [MESSAGES.cityInvalid, 'Please input a valid city'],
    [MESSAGES.zipcodeTooLong, 'Zipcode must be less than 12 characters'],
    [MESSAGES.zipcodeInvalid, 'Please input a valid Zipcode'],
    [PO_BOX_WARNING, 'Orders to PO Boxes ship by ground only: no expedited shipping, please allow extra time.'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('validateName (first_name, last_name)', () => {
  expectErrors(validateName, [
    ['empty', '', 'Name is required'],
    ['spaces only', '   ', 'Name may not contain only empty characters'],
    ['tab and no-break space only', '\t\u00A0', 'Name may not contain only empty characters'],
    ['one letter', 'J', null],
    ['55 characters', a(55), null],
    ['56 characters', a(56), 'Name must be less than 56 characters'],
    ['57 characters', a(57), 'Name must be less than 56 characters'],
    ['55 accented characters (counted as characters)', 'é'.repeat(55), null],
    ['56 accented characters', 'é'.repeat(56), 'Name must be less than 56 characters'],
    ['ÿ, the last Latin-1 character', 'ÿ', null],
    ['Latin-1 name', "Zoë Ångström-O'Neil", null],
    ['Ā, the first character after Latin-1', 'Ā', 'Please include valid characters'],
    ['Ā inside a name', 'Ādam', 'Please include valid characters'],
    ['typographic apostrophe (outside Latin-1)', 'O’Neil', 'Please include valid characters'],
    ['CJK', '山田', 'Please include valid characters'],
    ['emoji', 'Sam 🙂', 'Please include valid characters'],
    ['C1 control character', 'Sam\u0085', 'Please include valid characters'],
    ['tab inside a name', 'Sam\tLee', 'Please include valid characters'],
    ['too long is checked before characters', 'Ā'.repeat(56), 'Name must be less than 56 characters'],
    ['blank is checked before length', ' '.repeat(60), 'Name may not contain only empty characters'],
  ]);
});

describe('validateFullName', () => {
  expectErrors(validateFullName, [
    ['empty', '', 'Name is required'],
    ['spaces only', '  ', 'Name may not contain only empty characters'],
    ['113 characters', a(113), null],
    ['114 characters', a(114), 'Name must be less than 114 characters'],
    ['115 characters', a(115), 'Name must be less than 114 characters'],
    ['ÿ accepted', 'Jean Dupuÿ', null],
    ['Ā rejected', 'Āda Lovelace', 'Please include valid characters'],
  ]);
});

describe('validateEmail', () => {
  const ofLength = (n: number) => `${a(n - '@example.com'.length)}@example.com`;
  expectErrors(validateEmail, [
    ['empty', '', 'Email is required'],
    ['spaces only', '   ', 'Email is required'],
    ['simple', 'jane@example.com', null],
    ['plus, dots and subdomains', 'jane.doe+grove@mail.example.co.uk', null],
    ['253 characters', ofLength(253), null],
    ['254 characters', ofLength(254), 'Email must be less than 254 characters'],
    ['255 characters', ofLength(255), 'Email must be less than 254 characters'],
    ['no at sign', 'jane.example.com', 'Please input a valid email'],
    ['no domain dot', 'jane@localhost', 'Please input a valid email'],
    ['two at signs', 'jane@doe@example.com', 'Please input a valid email'],
    ['space inside', 'jane doe@example.com', 'Please input a valid email'],
    ['leading space', ' jane@example.com', 'Please input a valid email'],
    ['empty domain label', 'jane@example..com', 'Please input a valid email'],
    ['domain label starting with hyphen', 'jane@-example.com', 'Please input a valid email'],
    ['non-ASCII', 'zoë@example.com', 'Please input a valid email'],
  ]);
});

describe('validatePassword', () => {
  const names = { first_name: 'John', last_name: 'Smith' };
  const rows: RowWithValues[] = [
    ['empty', '', undefined, 'Password is required'],
    ['7 characters', 'Abcde1!', undefined, 'Password should not be less than 8 characters'],
    ['8 characters', 'Abcdef1!', undefined, null],
    ['254 characters', `Ab1!${a(250)}`, undefined, null],
    ['255 characters', `Ab1!${a(251)}`, undefined, 'Password must be less than 255 characters'],
    ['256 characters', `Ab1!${a(252)}`, undefined, 'Password must be less than 255 characters'],
    ['space', 'Abcd 123!', undefined, 'Password contains forbidden symbols'],
    ['tab', 'Abcd\t123!', undefined, 'Password contains forbidden symbols'],
    ['accented letter', 'Abcdé123!', undefined, 'Password contains forbidden symbols'],
    ['pound sign', 'Abcd£123', undefined, 'Password contains forbidden symbols'],
    ['emoji', 'Abcd123🙂', undefined, 'Password contains forbidden symbols'],
    ['first name, other case', 'xxJOHNxx1!', names, 'Password must not contain parts of the name'],
    ['last name', 'smith#2024X', names, 'Password must not contain parts of the name'],
    ['no names given', 'John#2024x', undefined, null],
    ['name part shorter than 3 is ignored', 'Al#2024xyZ', { first_name: 'Al', last_name: 'Li' }, null],
    [
      'part of a hyphenated name',
      'Jane#2024x',
      { first_name: 'Mary-Jane' },
      'Password must not contain parts of the name',
    ],
    [
      'part of a two-word last name',
      'Xdavis#2024',
      { last_name: 'Van Davis' },
      'Password must not contain parts of the name',
    ],
    ['accents folded', 'Xjose#2024', { first_name: 'José' }, 'Password must not contain parts of the name'],
    ['full name', 'Xlovelace#1', { full_name: 'Ada Lovelace' }, 'Password must not contain parts of the name'],
    ['non-string names ignored', 'Xjohn#2024', { first_name: 42, last_name: null }, null],
    ['lower only', 'abcdefgh', undefined, 'Please add something from: upper case letters, digits, special symbols'],
    ['upper only', 'ABCDEFGH', undefined, 'Please add something from: lower case letters, digits, special symbols'],
    [
      'digits only',
      '12345678',
      undefined,
      'Please add something from: lower case letters, upper case letters, special symbols',
    ],
    [
      'specials only',
      '!@#$%^&*',
      undefined,
      'Please add something from: lower case letters, upper case letters, digits',
    ],
    ['lower and upper', 'abcdEFGH', undefined, 'Please add something from: digits, special symbols'],
    ['lower and digits', 'abcd1234', undefined, 'Please add something from: upper case letters, special symbols'],
    ['lower and specials', 'abcd!@#$', undefined, 'Please add something from: upper case letters, digits'],
    ['upper and digits', 'ABCD1234', undefined, 'Please add something from: lower case letters, special symbols'],
    ['upper and specials', 'ABCD!@#$', undefined, 'Please add something from: lower case letters, digits'],
    ['digits and specials', '1234!@#$', undefined, 'Please add something from: lower case letters, upper case letters'],
    ['missing special symbols only: 3 classes pass', 'abcdEF12', undefined, null],
    ['missing digits only: 3 classes pass', 'abcdEF!@', undefined, null],
    ['missing upper case only: 3 classes pass', 'abcd12!@', undefined, null],
    ['missing lower case only: 3 classes pass', 'ABCD12!@', undefined, null],
    ['all four classes', 'abCD12!@', undefined, null],
  ];
  it.each(rows)('%s', (_label, value, values, expected) => {
    expect(messageOf(validatePassword(value, values))).toBe(expected);
  });

  it.each([...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'])('accepts the special symbol %s', (symbol) => {
    expect(validatePassword(`Abcdefg${symbol}`)).toBeNull();
  });

  it('names exactly the missing classes', () => {
    expect(missingPasswordClasses('aB')).toEqual(['digits', 'special symbols']);
    expect(missingPasswordClasses('')).toEqual([
      'lower case letters',
      'upper case letters',
      'digits',
      'special symbols',
    ]);
  });

  it('splits names into folded parts of 3 or more letters', () => {
    expect(nameParts({ first_name: 'Anne-Marie', last_name: "O'Brien Li" })).toEqual(['anne', 'marie', 'brien']);
    expect(nameParts(undefined)).toEqual([]);
  });
});

describe('validatePasswordCopy', () => {
  const rows: RowWithValues[] = [
    ['equal', 'Abcdef1!', { password: 'Abcdef1!' }, null],
    ['different', 'Abcdef1?', { password: 'Abcdef1!' }, 'Passwords must match'],
    ['different case', 'abcdef1!', { password: 'Abcdef1!' }, 'Passwords must match'],
    ['empty copy', '', { password: 'Abcdef1!' }, 'Passwords must match'],
    ['no password given', 'Abcdef1!', undefined, 'Passwords must match'],
    ['both empty', '', {}, null],
  ];
  it.each(rows)('%s', (_label, value, values, expected) => {
    expect(messageOf(validatePasswordCopy(value, values))).toBe(expected);
  });
});

describe('validatePhone', () => {
  const rows: RowWithValues[] = [
    ['empty', '', { country: 'US' }, 'Phone is required'],
    ['spaces only', '  ', { country: 'US' }, 'Phone is required'],
    ['US number', '2015550123', { country: 'US' }, null],
    ['US number, formatted', '(201) 555-0123', { country: 'US' }, null],
    ['US number, country defaults to US', '2015550123', undefined, null],
    ['US number, empty country defaults to US', '2015550123', { country: '' }, null],
    ['US number with national prefix', '12015550123', { country: 'US' }, null],
    ['UK mobile', '07400123456', { country: 'GB' }, null],
    ['UK mobile without trunk 0', '7400123456', { country: 'GB' }, null],
    ['UK mobile under US', '07400123456', { country: 'US' }, 'Please input a valid phone number'],
    ['Chicago number under US', '3125550199', { country: 'US' }, null],
    ['Chicago number under GB', '3125550199', { country: 'GB' }, 'Please input a valid phone number'],
    ['Chicago number under DE', '3125550199', { country: 'DE' }, 'Please input a valid phone number'],
    ['Canadian number under CA', '4165550123', { country: 'CA' }, null],
    ['Canadian number under US', '4165550123', { country: 'US' }, 'Please input a valid phone number'],
    ['US number under CA', '2015550123', { country: 'CA' }, 'Please input a valid phone number'],
    ['Puerto Rican number under PR', '7875550123', { country: 'PR' }, null],
    ['Puerto Rican number under US', '7875550123', { country: 'US' }, 'Please input a valid phone number'],
    ['Guam number under US (not a country of its own here)', '6715551234', { country: 'US' }, null],
    ['Italian mobile under IT', '3123456789', { country: 'IT' }, null],
    ['same digits under DE', '3123456789', { country: 'DE' }, 'Please input a valid phone number'],
    ['unassigned US area code', '5551234567', { country: 'US' }, 'Please input a valid phone number'],
    ['too short', '201555', { country: 'US' }, 'Please input a valid phone number'],
    ['21 digits', '201555012345678901234', { country: 'US' }, 'Please input a valid phone number'],
    ['letters', 'call 2015550123', { country: 'US' }, 'Please input a valid phone number'],
    ['unknown country', '2015550123', { country: 'XX' }, 'Please input a valid phone number'],
  ];
  it.each(rows)('%s', (_label, value, values, expected) => {
    expect(messageOf(validatePhone(value, values))).toBe(expected);
  });
});

describe('validateAddress (address_1)', () => {
  it.each([
    ['PO Box 123'],
    ['P.O. Box 55'],
    ['Post Office Box 9'],
    ['POB 12'],
    ['p o box 7'],
    ['P. O. Box 7'],
    ['PO-Box 4'],
    ['POBox 3'],
    ['P.O.B. 12'],
    ['pob#12'],
    ['Postal Box 1'],
    ['Apartment 2, PO Box 90'],
  ])('%s is accepted with the PO Box warning', (address) => {
    expect(validateAddress(address)).toEqual({ message: PO_BOX_WARNING, severity: 'warning' });
  });

  it.each([
    ['123 Main Street'],
    ['1 Boxwood Lane'],
    ['5 Polo Road'],
    ['10 Post Road'],
    ['7 Deposit Box Lane'],
    ['12 Poblano Avenue'],
    ['Pob Street 4a'],
  ])('%s is not a PO Box', (address) => {
    expect(isPoBox(address)).toBe(false);
    expect(validateAddress(address)).toBeNull();
  });

  expectErrors(validateAddress, [
    ['empty', '', 'Address is required'],
    ['spaces only', '   ', 'Address is required'],
    ['254 characters', a(254), null],
    ['255 characters', a(255), 'Address must be less than 255 characters'],
    ['256 characters', a(256), 'Address must be less than 255 characters'],
    ['too long PO Box is an error', `PO Box 1 ${a(250)}`, 'Address must be less than 255 characters'],
  ]);
});

describe('validateAddressOptional (address_2)', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['Apt 4B', null],
    [a(254), null],
    [a(255), { message: 'Address must be less than 255 characters', severity: 'error' }],
    ['P.O. Box 12', { message: PO_BOX_WARNING, severity: 'warning' }],
  ])('%j', (value, expected) => {
    expect(validateAddressOptional(value)).toEqual(expected);
  });
});

describe('validateCity', () => {
  expectErrors(validateCity, [
    ['empty', '', 'City is required'],
    ['spaces only', '   ', 'City is required'],
    ['letters and spaces', 'New York', null],
    ['accented Latin-1 letters', 'Zürich', null],
    ['more accents', 'São Paulo', null],
    ['ÿ accepted', 'Saint ÿ', null],
    ['Ā rejected', 'Āpia', 'Please input a valid city'],
    ['Ÿ (U+0178) rejected', 'Ÿ', 'Please input a valid city'],
    ['multiplication sign is not a letter', 'Köln×', 'Please input a valid city'],
    ['apostrophe', "Coeur d'Alene", 'Please input a valid city'],
    ['period', 'St. Louis', 'Please input a valid city'],
    ['hyphen', 'Winston-Salem', 'Please input a valid city'],
    ['digits', 'District 9', 'Please input a valid city'],
    ['49 characters', a(49), null],
    ['50 characters', a(50), 'City must be less than 50 characters'],
    ['51 characters', a(51), 'City must be less than 50 characters'],
  ]);
});

describe('validateZipcode', () => {
  const rows: RowWithValues[] = [
    ['empty', '', { country: 'US' }, 'Zipcode is required'],
    ['spaces only', '  ', { country: 'US' }, 'Zipcode is required'],
    ['US ZIP', '10001', { country: 'US' }, null],
    ['US ZIP, default country', '12345', undefined, null],
    ['US ZIP+4', '12345-6789', { country: 'US' }, null],
    ['US ZIP with surrounding spaces', ' 12345 ', { country: 'US' }, null],
    ['US, hyphen in the wrong place', '12-345', { country: 'US' }, 'Please input a valid Zipcode'],
    ['US, hyphen in the wrong place, default country', '12-345', undefined, 'Please input a valid Zipcode'],
    ['US, four digits', '1234', { country: 'US' }, 'Please input a valid Zipcode'],
    ['US, letters', 'ABCDE', { country: 'US' }, 'Please input a valid Zipcode'],
    ['US, a UK postcode', 'SW1A 1AA', { country: 'US' }, 'Please input a valid Zipcode'],
    ['Canadian postal code', 'K1A 0B1', { country: 'CA' }, null],
    ['Canadian postal code, lower case, no space', 'k1a0b1', { country: 'CA' }, null],
    ['Canadian, a US ZIP', '12345', { country: 'CA' }, 'Please input a valid Zipcode'],
    ['UK postcode', 'SW1A 1AA', { country: 'GB' }, null],
    ['UK postcode, lower case, no space', 'sw1a1aa', { country: 'GB' }, null],
    ['UK, a US ZIP', '12345', { country: 'GB' }, 'Please input a valid Zipcode'],
    ['Dutch postcode', '1012 AB', { country: 'NL' }, null],
    ['Irish Eircode', 'D02 X285', { country: 'IE' }, null],
    ['German PLZ', '80331', { country: 'DE' }, null],
    ['German, four digits', '8001', { country: 'DE' }, 'Please input a valid Zipcode'],
    ['Puerto Rico', '00901', { country: 'PR' }, null],
    // Hong Kong has no postcodes and postcode-validator no pattern: the letters-and-digits shape.
    ['unknown to the library: letters and digits', 'ABC 123', { country: 'HK' }, null],
    ['unknown to the library: 11 characters', 'ABCDE123456', { country: 'HK' }, null],
    ['unknown to the library: symbol', '10001!', { country: 'HK' }, 'Please input a valid Zipcode'],
    ['unknown to the library: leading hyphen', '-10001', { country: 'HK' }, 'Please input a valid Zipcode'],
    ['unknown to the library: accented letter', 'É1000', { country: 'HK' }, 'Please input a valid Zipcode'],
    ['unknown country code: the same shape', '12-345', { country: 'ZZ' }, null],
    ['12 characters', 'ABCDE1234567', { country: 'HK' }, 'Zipcode must be less than 12 characters'],
    ['13 characters', 'ABCDE12345678', { country: 'US' }, 'Zipcode must be less than 12 characters'],
    ['symbol', '10001!', { country: 'US' }, 'Please input a valid Zipcode'],
  ];
  it.each(rows)('%s', (_label, value, values, expected) => {
    const issue = validateZipcode(value, values);
    expect(messageOf(issue)).toBe(expected);
    if (issue) expect(issue.severity).toBe('error');
  });

  it.each([
    ['US', ' 12345-6789 ', '12345-6789'],
    ['CA', 'k1a0b1', 'K1A 0B1'],
    ['CA', ' k1a  0b1', 'K1A 0B1'],
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['GB', 'm1 1ae', 'M1 1AE'],
    ['NL', '1012 ab', '1012 AB'],
    ['HK', ' abc 123 ', 'ABC 123'],
  ])('normalizeZipcode(%s): %j is stored as %j', (country, value, stored) => {
    expect(normalizeZipcode(value, country)).toBe(stored);
    expect(validateZipcode(value, { country })).toBeNull();
  });

  it('a change of country validates the zipcode again', () => {
    expect(fieldsToValidateOnChange('country')).toContain('zipcode');
  });
});

describe('validateState', () => {
  const rows: RowWithValues[] = [
    ['US, empty', '', { country: 'US' }, 'State is required'],
    ['default country is US', '', undefined, 'State is required'],
    ['US state', 'NY', { country: 'US' }, null],
    ['District of Columbia', 'DC', { country: 'US' }, null],
    ['territory', 'PR', { country: 'US' }, null],
    ['military AE', 'AE', { country: 'US' }, null],
    ['military AP', 'AP', { country: 'US' }, null],
    ['military AA', 'AA', { country: 'US' }, null],
    ['lower case code', 'ny', { country: 'US' }, 'Please select a valid state'],
    ['unknown code', 'XX', { country: 'US' }, 'Please select a valid state'],
    ['outside the US, empty', '', { country: 'GB' }, null],
    ['outside the US, free text', 'Greater London', { country: 'GB' }, null],
    ['outside the US, 49 characters', a(49), { country: 'DE' }, null],
    ['outside the US, 50 characters', a(50), { country: 'DE' }, 'State must be less than 50 characters'],
  ];
  it.each(rows)('%s', (_label, value, values, expected) => {
    expect(messageOf(validateState(value, values))).toBe(expected);
  });
});

describe('validateCountry', () => {
  expectErrors(validateCountry, [
    ['empty', '', 'Country is required'],
    ['US', 'US', null],
    ['Hong Kong', 'HK', null],
    ['lower case', 'us', 'Please select a valid country'],
    ['not a shipping country', 'FI', 'Please select a valid country'],
  ]);
});

describe('login rules', () => {
  describe('validateLoginEmail', () => {
    const ofLength = (n: number) => `${a(n - '@example.com'.length)}@example.com`;
    expectErrors(validateLoginEmail, [
      ['empty', '', 'Email is required'],
      ['any text (the server answers for the rest)', 'jane', null],
      ['253 characters', ofLength(253), null],
      ['254 characters', ofLength(254), 'Email must be less than 254 characters'],
    ]);
  });

  describe('validateLoginPassword', () => {
    expectErrors(validateLoginPassword, [
      ['empty', '', 'Password is required'],
      ['short', 'x', null],
      ['40 characters', a(40), null],
      ['41 characters', a(41), 'Password must be at most 40 characters'],
    ]);
  });
});

describe('validateToken', () => {
  expectErrors(validateToken, [
    ['empty', '', 'Invalid Token'],
    ['present', 'abc123', null],
  ]);
});

describe('FIELD_RULES and DEPENDENT_FIELDS', () => {
  it('has a rule per form field', () => {
    expect(Object.keys(FIELD_RULES).sort()).toEqual(
      [
        'address_1',
        'address_2',
        'city',
        'country',
        'email',
        'first_name',
        'full_name',
        'last_name',
        'password',
        'password_copy',
        'phonenumber',
        'state',
        'zipcode',
      ].sort(),
    );
  });

  it.each([
    ['first_name', ['first_name', 'password']],
    ['last_name', ['last_name', 'password']],
    ['password', ['password', 'password_copy']],
    ['country', ['country', 'phonenumber', 'state', 'zipcode']],
    ['email', ['email']],
  ])('a change of %s validates %j', (field, expected) => {
    expect(fieldsToValidateOnChange(field)).toEqual(expected);
  });

  it('only names fields that have rules', () => {
    for (const [field, dependents] of Object.entries(DEPENDENT_FIELDS)) {
      expect(Object.keys(FIELD_RULES)).toContain(field);
      for (const dependent of dependents) expect(Object.keys(FIELD_RULES)).toContain(dependent);
    }
  });
});

describe('validateForm', () => {
  const registration = {
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane@example.com',
    password: 'Tr1cky!pass',
    password_copy: 'Tr1cky!pass',
    phonenumber: '3125550199',
    country: 'US',
  };
  const registrationFields = Object.keys(registration);
  const shipping = {
    address_1: '1 Main St',
    address_2: '',
    city: 'Boston',
    state: 'MA',
    zipcode: '02101',
    country: 'US',
  };
  const shippingFields = Object.keys(shipping);

  it('accepts a valid form', () => {
    expect(validateForm(registration, registrationFields, FIELD_RULES)).toEqual({ errors: {}, canSubmit: true });
  });

  it('blocks on an empty required field', () => {
    const result = validateForm({ ...registration, last_name: '' }, registrationFields, FIELD_RULES);
    expect(result.canSubmit).toBe(false);
    expect(result.errors).toEqual({ last_name: { message: 'Name is required', severity: 'error' } });
  });

  it('blocks on a missing required field', () => {
    const { email: _email, ...rest } = registration;
    expect(validateForm(rest, registrationFields, FIELD_RULES).errors.email?.message).toBe('Email is required');
  });

  it('warnings never block', () => {
    const result = validateForm(
      { ...shipping, address_1: 'PO Box 12', address_2: 'P.O. Box 13' },
      shippingFields,
      FIELD_RULES,
    );
    expect(result.canSubmit).toBe(true);
    expect(result.errors.address_1).toEqual({ message: PO_BOX_WARNING, severity: 'warning' });
    expect(result.errors.address_2?.severity).toBe('warning');
  });

  it('an error beside a warning blocks', () => {
    const result = validateForm(
      { ...shipping, address_1: 'PO Box 12', city: 'St. Louis' },
      shippingFields,
      FIELD_RULES,
    );
    expect(result.canSubmit).toBe(false);
    expect(Object.keys(result.errors).sort()).toEqual(['address_1', 'city']);
  });

  it('runs dependent rules with the other values', () => {
    expect(
      validateForm({ ...registration, password: 'Jane#2024x', password_copy: 'Jane#2024x' }, ['password'], FIELD_RULES)
        .errors,
    ).toEqual({
      password: { message: 'Password must not contain parts of the name', severity: 'error' },
    });
    expect(
      validateForm({ ...registration, country: 'GB' }, ['phonenumber'], FIELD_RULES).errors.phonenumber?.message,
    ).toBe('Please input a valid phone number');
  });

  it('reads numbers as text and skips names without a rule', () => {
    const result = validateForm(
      { ...shipping, zipcode: 90210, nickname: '' },
      [...shippingFields, 'nickname'],
      FIELD_RULES,
    );
    expect(result).toEqual({ errors: {}, canSubmit: true });
  });

  it('takes other rules, such as the login rules', () => {
    expect(validateForm({ email: '', password: 'x' }, ['email', 'password'], LOGIN_FIELD_RULES)).toEqual({
      errors: { email: { message: 'Email is required', severity: 'error' } },
      canSubmit: false,
    });
  });
});

describe('Zod schemas give the form messages', () => {
  const errorsOf = (result: {
    success: boolean;
    error?: { issues: readonly { path: PropertyKey[]; message: string }[] };
  }) => (result.error ? toFieldErrors(result.error) : {});

  it('loginSchema', () => {
    expect(loginSchema.safeParse({ email: 'jane@example.com', password: 'secret' }).success).toBe(true);
    expect(errorsOf(loginSchema.safeParse({}))).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
    expect(errorsOf(loginSchema.safeParse({ email: 'jane@example.com', password: a(41) }))).toEqual({
      password: ['Password must be at most 40 characters'],
    });
  });

  it('registrationSchema accepts a valid body and strips unknown keys', () => {
    const body = {
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'jane@example.com',
      password: 'Tr1cky!pass',
      password_copy: 'Tr1cky!pass',
      phonenumber: '07400123456',
      country: 'GB',
      is_staff: true,
    };
    const { is_staff: _ignored, ...expected } = body;
    expect(registrationSchema.parse(body)).toEqual(expected);
  });

  it('registrationSchema reports every broken field with the rule message', () => {
    const result = registrationSchema.safeParse({
      first_name: 'Āda',
      last_name: '  ',
      email: 'jane@',
      password: 'ada#Lovely1',
      password_copy: 'other',
      phonenumber: '2015550123',
      country: 'GB',
    });
    expect(errorsOf(result)).toEqual({
      first_name: ['Please include valid characters'],
      last_name: ['Name may not contain only empty characters'],
      email: ['Please input a valid email'],
      password: ['Password must not contain parts of the name'],
      password_copy: ['Passwords must match'],
    });
  });

  it('profileSchema checks the phone against the country sent', () => {
    const body = {
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'jane@example.com',
      phonenumber: '07400123456',
      country: 'GB',
    };
    expect(profileSchema.safeParse(body).success).toBe(true);
    expect(errorsOf(profileSchema.safeParse({ ...body, country: 'US' }))).toEqual({
      phonenumber: ['Please input a valid phone number'],
    });
  });

  it('shippingSchema passes a PO Box (warning only) and defaults address_2', () => {
    const result = shippingSchema.safeParse({
      address_1: 'PO Box 12',
      city: 'München',
      state: 'BY',
      zipcode: '80331',
      country: 'DE',
    });
    expect(result.success).toBe(true);
    expect(result.data?.address_2).toBe('');
    expect(
      errorsOf(
        shippingSchema.safeParse({ address_1: '', city: 'St. Louis', state: 'XX', zipcode: '63101!', country: 'US' }),
      ),
    ).toEqual({
      address_1: ['Address is required'],
      city: ['Please input a valid city'],
      state: ['Please select a valid state'],
      zipcode: ['Please input a valid Zipcode'],
    });
  });

  it('patch schemas check only what is sent, against the stored record', () => {
    expect(profilePatchSchema.parse({})).toEqual({});
    expect(errorsOf(profilePatchSchema.safeParse({ first_name: '' }))).toEqual({ first_name: ['Name is required'] });
    const stored = { phonenumber: '4165550123', country: 'CA' };
    expect(errorsOf(makeProfilePatchSchema(stored).safeParse({ country: 'US' }))).toEqual({
      phonenumber: ['Please input a valid phone number'],
    });
    expect(makeProfilePatchSchema(stored).safeParse({ phonenumber: '6135550100' }).success).toBe(true);
    expect(makeProfilePatchSchema({ phonenumber: null, country: 'CA' }).safeParse({ country: 'US' }).success).toBe(
      true,
    );
    expect(makeShippingPatchSchema({ country: 'DE' }).safeParse({ state: 'Bayern' }).success).toBe(true);
    expect(errorsOf(shippingPatchSchema.safeParse({ state: 'Bayern' }))).toEqual({
      state: ['Please select a valid state'],
    });
  });

  it('stores a phone number as its digits only (SPEC §5)', () => {
    const body = { first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', country: 'US' };
    expect(profileSchema.parse({ ...body, phonenumber: '(201) 555-0123' }).phonenumber).toBe('2015550123');
    expect(profilePatchSchema.parse({ phonenumber: '(201) 555-0123' })).toEqual({ phonenumber: '2015550123' });
    expect(profilePatchSchema.parse({ phonenumber: '201.555.0123' })).toEqual({ phonenumber: '2015550123' });
    expect(makeProfilePatchSchema({ country: 'GB' }).parse({ phonenumber: '07400 123 456' })).toEqual({
      phonenumber: '07400123456',
    });
    expect(profilePatchSchema.parse({ first_name: 'Jane' })).toEqual({ first_name: 'Jane' });
  });

  it('checks and stores a zipcode for the address’s country', () => {
    const address = { address_1: '1 Main St', city: 'Springfield', state: 'IL', zipcode: '12-345', country: 'US' };
    expect(errorsOf(shippingSchema.safeParse(address))).toEqual({ zipcode: ['Please input a valid Zipcode'] });
    expect(shippingSchema.parse({ ...address, zipcode: '12345' }).zipcode).toBe('12345');
    expect(shippingSchema.parse({ ...address, zipcode: '12345-6789' }).zipcode).toBe('12345-6789');
    const canada = { address_1: '1 Wellington St', city: 'Ottawa', state: 'ON', zipcode: 'k1a0b1', country: 'CA' };
    expect(shippingSchema.parse(canada).zipcode).toBe('K1A 0B1');
    // A patch: the zipcode sent is checked against the stored country, or the country sent with it.
    expect(makeShippingPatchSchema({ country: 'GB' }).parse({ zipcode: 'sw1a1aa' })).toEqual({ zipcode: 'SW1A 1AA' });
    expect(errorsOf(shippingPatchSchema.safeParse({ zipcode: '12-345' }))).toEqual({
      zipcode: ['Please input a valid Zipcode'],
    });
    expect(errorsOf(makeShippingPatchSchema({ country: 'GB' }).safeParse({ zipcode: '12345' }))).toEqual({
      zipcode: ['Please input a valid Zipcode'],
    });
    expect(makeShippingPatchSchema({ country: 'GB' }).parse({ zipcode: '12345', country: 'US' })).toEqual({
      zipcode: '12345',
      country: 'US',
    });
    // A new country re-checks the stored zipcode, as it does the stored state.
    expect(errorsOf(makeShippingPatchSchema({ zipcode: 'SW1A 1AA', state: '' }).safeParse({ country: 'CA' }))).toEqual({
      zipcode: ['Please input a valid Zipcode'],
    });
  });

  it('set password schemas', () => {
    const body = { token: 'tok', password: 'John#2024x', password_copy: 'John#2024x' };
    expect(setPasswordSchema.safeParse(body).success).toBe(true);
    expect(errorsOf(makeSetPasswordSchema({ first_name: 'John', last_name: 'Doe' }).safeParse(body))).toEqual({
      password: ['Password must not contain parts of the name'],
    });
    expect(errorsOf(setPasswordSchema.safeParse({ ...body, token: '' }))).toEqual({ token: ['Invalid Token'] });
  });

  it('reports a wrong type on its field and a wrong body in non_field_errors', () => {
    expect(Object.keys(errorsOf(loginSchema.safeParse({ email: 5, password: 'x' })))).toEqual(['email']);
    expect(Object.keys(errorsOf(loginSchema.safeParse(null)))).toEqual(['non_field_errors']);
  });
});

describe('toFieldErrors', () => {
  it('groups messages by field, without duplicates', () => {
    expect(
      toFieldErrors({
        issues: [
          { path: ['email'], message: 'Email is required' },
          { path: ['email'], message: 'Email is required' },
          { path: [], message: 'Body must be an object' },
          { path: ['shipping', 'city'], message: 'Please input a valid city' },
          { path: ['items', 0], message: 'Bad item' },
          { path: ['__proto__'], message: 'Odd key' },
        ],
      }),
    ).toEqual({
      email: ['Email is required'],
      non_field_errors: ['Body must be an object'],
      'shipping.city': ['Please input a valid city'],
      'items.0': ['Bad item'],
      ['__proto__']: ['Odd key'],
    });
  });
});

describe('properties', () => {
  const anyText = fc.string({ unit: 'binary', maxLength: 300 });
  const anyValues = fc.dictionary(fc.constantFrom(...Object.keys(FIELD_RULES), 'nickname'), fc.anything());
  const specMessages = new Set<string>(Object.values(MESSAGES).filter((m) => typeof m === 'string'));
  const classesPrefix = MESSAGES.passwordClasses.source.replace('{classes}', '');
  const classNames = new Set<string>(PASSWORD_CLASSES.map((c) => c.name));
  /** One of the spec's messages, or the password classes message naming only known classes. */
  const isSpecMessage = (message: string) =>
    specMessages.has(message) ||
    (message.startsWith(classesPrefix) &&
      message
        .slice(classesPrefix.length)
        .split(', ')
        .every((name) => classNames.has(name)));
  /** No issue, the PO Box warning, or an error with one of the spec's messages. */
  const isSpecIssue = (issue: FieldIssue | null) =>
    issue === null ||
    (isSpecMessage(issue.message) && issue.severity === (issue.message === MESSAGES.poBox ? 'warning' : 'error'));

  it('every rule answers null or one of the spec’s messages, whatever the input', () => {
    const rules = [...Object.values(FIELD_RULES), ...Object.values(LOGIN_FIELD_RULES), validateToken];
    fc.assert(
      fc.property(fc.constantFrom(...rules), anyText, anyValues, (rule, value, values) => {
        const issue = rule(value, values);
        expect(isSpecIssue(issue), JSON.stringify(issue)).toBe(true);
      }),
    );
  });

  it('validateForm reports spec issues of the named fields only, and blocks exactly on an error', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.anything()), fc.array(fc.string()), (values, fields) => {
        const names = [...fields, ...Object.keys(FIELD_RULES)];
        const result = validateForm(values, names, FIELD_RULES);
        for (const [field, issue] of Object.entries(result.errors)) {
          expect(names).toContain(field);
          expect(Object.hasOwn(FIELD_RULES, field)).toBe(true);
          expect(isSpecIssue(issue), JSON.stringify(issue)).toBe(true);
        }
        expect(result.canSubmit).toBe(Object.values(result.errors).every((issue) => issue.severity === 'warning'));
      }),
    );
  });

  it('every schema answers text fields, or errors of its fields with the spec’s messages, on any body', () => {
    const schemas = [
      loginSchema,
      profileSchema,
      profilePatchSchema,
      shippingSchema,
      shippingPatchSchema,
      setPasswordSchema,
      registrationSchema,
    ];
    const textMessages = new Set<string>(Object.values(TEXT_MESSAGES));
    fc.assert(
      fc.property(fc.constantFrom(...schemas), fc.oneof(fc.anything(), anyValues), (schema, body) => {
        const fields = Object.keys(schema.in.shape);
        const result = schema.safeParse(body);
        if (result.success) {
          for (const [field, value] of Object.entries(result.data)) {
            expect(fields).toContain(field);
            expect(value === undefined || typeof value === 'string').toBe(true);
          }
          return;
        }
        const errors = toFieldErrors(result.error);
        expect(Object.keys(errors).length).toBeGreaterThan(0);
        for (const [field, messages] of Object.entries(errors)) {
          expect(messages.length).toBeGreaterThan(0);
          // Only a body that is no object at all fails as a whole, with Zod's own message.
          if (field === 'non_field_errors') {
            expect(typeof body !== 'object' || body === null || Array.isArray(body)).toBe(true);
            continue;
          }
          expect(fields).toContain(field);
          for (const message of messages)
            expect(isSpecMessage(message) || textMessages.has(message), message).toBe(true);
        }
      }),
    );
  });

  it('printable Latin-1 names of 1 to 55 characters with a visible character pass', () => {
    const latin1 = fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
      .map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.array(latin1, { minLength: 1, maxLength: 55 }), (chars) => {
        const name = chars.join('');
        fc.pre(name.trim() !== '');
        expect(validateName(name)).toBeNull();
      }),
    );
  });

  it('the class message names exactly the missing classes', () => {
    const ascii = fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.array(ascii, { minLength: 8, maxLength: 40 }), (chars) => {
        const password = chars.join('');
        const missing = missingPasswordClasses(password);
        const expected = missing.length > 1 ? `Please add something from: ${missing.join(', ')}` : null;
        expect(messageOf(validatePassword(password))).toBe(expected);
      }),
    );
  });

  it('a schema fails exactly when the rule reports an error', () => {
    fc.assert(
      fc.property(anyText, (email) => {
        const issue = validateEmail(email);
        const result = profilePatchSchema.safeParse({ email });
        expect(result.success).toBe(issue?.severity !== 'error');
        if (!result.success) expect(toFieldErrors(result.error)).toEqual({ email: [issue?.message] });
      }),
    );
  });
});
