import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl', () => {
  it('hides one-time link and token values in logged URLs', () => {
    expect(redactUrl('/api/v2/auth/password/set/?o=abc123')).toBe('/api/v2/auth/password/set/?o=%5Bredacted%5D');
    expect(redactUrl('/x?page=2&token=t&refresh_token=r')).toBe(
      '/x?page=2&token=%5Bredacted%5D&refresh_token=%5Bredacted%5D',
    );
  });

  it('hides the token of a share link, in the API and in the page address', () => {
    expect(redactUrl('/api/v1/shared/AbC_123-xyz')).toBe('/api/v1/shared/[redacted]');
    expect(redactUrl('/shared/AbC_123-xyz?print=1')).toBe('/shared/[redacted]?print=1');
  });

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/api/v2/player/1/activity/?page=2')).toBe('/api/v2/player/1/activity/?page=2');
    expect(redactUrl('/dashboard')).toBe('/dashboard');
  });
});
