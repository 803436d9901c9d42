import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { FORM_TYPES, formButtons, initialMode, isFormType, nextMode } from './forms.ts';
import type { FormAction, FormButtons, FormMode, FormType } from './forms.ts';

const none: FormButtons = { edit: false, save: false, cancel: false, delete: false };

describe('form types and modes', () => {
  it('lists the five types', () => {
    expect(FORM_TYPES).toEqual([
      'default',
      'edit_save_cancel',
      'buttonless_form',
      'save_cancel',
      'edit_save_delete_cancel',
    ]);
  });

  it.each<[FormType, FormMode]>([
    ['default', 'edit'],
    ['edit_save_cancel', 'read'],
    ['buttonless_form', 'edit'],
    ['save_cancel', 'edit'],
    ['edit_save_delete_cancel', 'read'],
  ])('%s starts in %s mode', (type, mode) => {
    expect(initialMode(type)).toBe(mode);
  });

  it.each<[FormType, FormMode, Partial<FormButtons>]>([
    ['default', 'edit', { save: true }],
    ['default', 'read', { save: true }],
    ['edit_save_cancel', 'read', { edit: true }],
    ['edit_save_cancel', 'edit', { save: true, cancel: true }],
    ['buttonless_form', 'edit', {}],
    ['buttonless_form', 'read', {}],
    ['save_cancel', 'edit', { save: true, cancel: true }],
    ['save_cancel', 'read', { save: true, cancel: true }],
    ['edit_save_delete_cancel', 'read', { edit: true }],
    ['edit_save_delete_cancel', 'edit', { save: true, delete: true, cancel: true }],
  ])('%s in %s mode shows %j', (type, mode, shown) => {
    expect(formButtons(type, mode)).toEqual({ ...none, ...shown });
  });

  it.each<[FormType, FormAction, FormMode]>([
    ['edit_save_cancel', 'edit', 'edit'],
    ['edit_save_cancel', 'save', 'read'],
    ['edit_save_cancel', 'cancel', 'read'],
    ['edit_save_delete_cancel', 'delete', 'read'],
    ['save_cancel', 'save', 'edit'],
    ['default', 'save', 'edit'],
  ])('%s: %s leads to %s mode', (type, action, mode) => {
    expect(nextMode(type, action)).toBe(mode);
  });

  it('recognises form types', () => {
    expect(isFormType('save_cancel')).toBe(true);
    expect(isFormType('SAVE_CANCEL')).toBe(false);
  });

  it('Save and Cancel always come back to the resting mode, with its buttons', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORM_TYPES), fc.constantFrom<FormAction>('save', 'cancel'), (type, action) => {
        const mode = nextMode(type, action);
        expect(mode).toBe(initialMode(type));
        const buttons = formButtons(type, mode);
        if (type === 'buttonless_form') expect(buttons).toEqual(none);
        else expect(buttons.edit || buttons.save).toBe(true);
      }),
    );
  });
});
