export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Amelia', 'Oliver', 'Sophia', 'Elijah', 'Isabella', 'Lucas', 'Mia', 'Mateo',
  'Charlotte', 'James', 'Ava', 'Benjamin', 'Harper', 'Henry', 'Evelyn', 'Theodore', 'Luna', 'Jack', 'Ella', 'Levi',
  'Chloé', 'Zoë', 'José', 'Renée', 'Ingrid', 'Søren', 'Priya', 'Aarav', 'Mei', 'Hiro', 'Fatima', 'Omar', 'Grace',
  'Samuel', 'Nora', 'Leo', 'Hazel', 'Ezra', 'Aurora', 'Miles', 'Violet', 'Owen', 'Stella', 'Caleb', 'Ruby', 'Isaac',
];
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernández',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Pérez',
  'Thompson', 'White', 'Harris', 'Sánchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen',
  'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall',
  "O'Brien", 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts', 'Müller', 'Novak', 'Kowalski', 'Okafor', 'Tanaka',
];
export const CHILD_NAMES = [
  'Maya', 'Eli', 'Zoe', 'Sam', 'Lily', 'Max', 'Ivy', 'Finn', 'Rosa', 'Theo', 'Ada', 'Kai', 'June', 'Ben', 'Nia',
  'Arlo', 'Iris', 'Jude', 'Mila', 'Otto', 'Ayla', 'Remy', 'Tess', 'Gus', 'Lena', 'Ravi', 'Elsa', 'Noé', 'Pia', 'Dev',
];
export const CITIES = [
  ['Portland', 'OR', '97205'], ['Austin', 'TX', '78701'], ['Denver', 'CO', '80202'], ['Madison', 'WI', '53703'],
  ['Raleigh', 'NC', '27601'], ['Boise', 'ID', '83702'], ['Columbus', 'OH', '43215'], ['Tucson', 'AZ', '85701'],
  ['Burlington', 'VT', '05401'], ['Ann Arbor', 'MI', '48104'], ['Savannah', 'GA', '31401'], ['Santa Fe', 'NM', '87501'],
] as const;
