import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

describe('notificationTarget (the bell’s navigation rule)', () => {
  it('opens a dispute or a project at its detail', () => {
    expect(notificationTarget({ related_object_type: 'dispute', related_object_id: 12 })).toBe(
      '/disputes/12',
    );
    expect(notificationTarget({ related_object_type: 'project', related_object_id: 7 })).toBe('/projects/7');
  });

  it('opens the verifications for a provider verification and the users for a user', () => {
    expect(notificationTarget({ related_object_type: 'provider_verification', related_object_id: 3 })).toBe(
      '/user-verification',
    );
    expect(notificationTarget({ related_object_type: 'user', related_object_id: 3 })).toBe('/users');
  });

  it('opens the notifications screen for anything else', () => {
    expect(notificationTarget({ related_object_type: null, related_object_id: null })).toBe('/notifications');
  });

  it('falls back to the list when a dispute or project has no id', () => {
    expect(notificationTarget({ related_object_type: 'dispute', related_object_id: null })).toBe('/disputes');
    expect(notificationTarget({ related_object_type: 'project', related_object_id: null })).toBe('/projects');
  });
});
