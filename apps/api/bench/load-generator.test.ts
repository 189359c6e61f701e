import { describe, expect, it } from 'vitest';
import { parseWrkReport, percentile } from './load-generator.js';

describe('parseWrkReport', () => {
  it("reads the done hook's line among wrk's own output, in requests/s and milliseconds", () => {
    const output = [
      'Running 3s test @ http://127.0.0.1:8077/api/users/',
      '  1 threads and 16 connections',
      '  6600 requests in 3.00s, 12.1MB read',
      '{"requests":6600,"duration":3000000,"p50":6200,"p95":15400,"p99":25000,"errors":2}',
      '',
    ].join('\n');
    expect(parseWrkReport(output)).toEqual({ rps: 2200, p50: 6.2, p95: 15.4, p99: 25, errors: 2 });
  });

  it('reports nothing when wrk printed no report (a failed run)', () => {
    expect(parseWrkReport('unable to connect to 127.0.0.1:8077 Connection refused\n')).toBeUndefined();
  });
});

describe('percentile', () => {
  it('is the nearest rank of sorted values', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.95)).toBe(95);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
