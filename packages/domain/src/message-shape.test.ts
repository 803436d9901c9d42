import { describe, expect, it } from 'vitest';

import { shapeOf } from './message-shape.ts';

describe('shapeOf', () => {
  it('finds arguments, plural cases and tags', () => {
    expect(shapeOf('Hello <0>{name}</0>')).toEqual(['</0>', '<0>', '{name}']);
    expect(shapeOf('{count, plural, one {# week} other {# weeks for {name}}}')).toEqual([
      '{count, plural: one other}',
      '{name}',
    ]);
  });

  it('is the same for a translation with the same values, and differs otherwise', () => {
    expect(shapeOf('Hola <0>{name}</0>')).toEqual(shapeOf('Hello <0>{name}</0>'));
    expect(shapeOf('Hola, {firstName}:')).toEqual(shapeOf('Hello {firstName},'));
    expect(shapeOf('Hola {nombre}')).not.toEqual(shapeOf('Hello {name}'));
    expect(shapeOf('{n, plural, one {# mes} other {# meses}}')).not.toEqual(
      shapeOf('{n, plural, one {# month} many {# months} other {# months}}'),
    );
  });
});
