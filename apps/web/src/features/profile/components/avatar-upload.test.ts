import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@cbo/contract';
import { avatarProblem } from './avatar-upload';

describe('avatar check before upload (images up to 5 MB)', () => {
  it('accepts the image types the server accepts, up to 5 MB', () => {
    expect(avatarProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(avatarProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toBeNull();
  });
  it('refuses other types and larger files', () => {
    expect(avatarProblem({ type: 'application/pdf', size: 1000 })).toBe('type');
    expect(avatarProblem({ type: 'image/svg+xml', size: 1000 })).toBe('type');
    // The server decodes every image whole and has no GIF or WebP decoder.
    expect(avatarProblem({ type: 'image/gif', size: 1000 })).toBe('type');
    expect(avatarProblem({ type: 'image/webp', size: 1000 })).toBe('type');
    expect(avatarProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES + 1 })).toBe('size');
  });
});
