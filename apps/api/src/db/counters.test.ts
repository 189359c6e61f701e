import { describe, expect, it } from 'vitest';
import { bucketPattern } from './counters.js';

describe('bucketPattern', () => {
  it('matches any value of a part left null and the given value of the others, LIKE wildcards escaped', () => {
    expect(bucketPattern(['open', null, null])).toBe('open|%|%');
    expect(bucketPattern([null, '12', null])).toBe('%|12|%');
    expect(bucketPattern(['in_progress', '3', null])).toBe('in\\_progress|3|%');
    expect(bucketPattern(['100%', null])).toBe('100\\%|%');
  });
});
