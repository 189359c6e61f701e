import { describe, expect, it } from 'vitest';
import { formatPhaseTimings, PhaseClock, type PhaseClockSources } from './seed-phases.js';

/** A clock whose time and CPU move only when told. */
function fakeSources(): PhaseClockSources & { advance(ms: number, cpuMicroseconds: number): void } {
  let now = 5_000;
  let cpu = 2_000_000;
  return {
    now: () => now,
    cpu: () => cpu,
    advance(ms, cpuMicroseconds) {
      now += ms;
      cpu += cpuMicroseconds;
    },
  };
}

describe('PhaseClock', () => {
  it('times each phase from the end of the one before, in wall and CPU seconds', () => {
    const sources = fakeSources();
    const clock = new PhaseClock(sources);
    sources.advance(134_000, 239_000_000);
    expect(clock.end('users')).toEqual({ phase: 'users', seconds: 134, cpuSeconds: 239 });
    sources.advance(5_600, 10_100_000);
    clock.end('reports_notifications');
    sources.advance(0, 0);
    clock.end('journal');
    expect(clock.timings).toEqual([
      { phase: 'users', seconds: 134, cpuSeconds: 239 },
      { phase: 'reports_notifications', seconds: 5.6, cpuSeconds: 10.1 },
      { phase: 'journal', seconds: 0, cpuSeconds: 0 },
    ]);
  });
});

describe('formatPhaseTimings', () => {
  it('prints one line a phase with its French label and both times in fr-FR', () => {
    const text = formatPhaseTimings([
      { phase: 'users', seconds: 134.04, cpuSeconds: 1239.5 },
      { phase: 'text_indexes', seconds: 6.94, cpuSeconds: 6.8 },
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Durée des étapes (temps écoulé, temps processeur de tous les fils) :');
    expect(lines[1]).toMatch(/^ {2}Étape +écoulé +processeur$/);
    expect(lines[2]).toMatch(
      /^ {2}Utilisateurs, projets, offres, litiges, conversations\.+ +134,0 s +1\u202f239,5 s$/,
    );
    expect(lines[3]).toMatch(/^ {2}Index de texte\.+ +6,9 s +6,8 s$/);
    expect(lines).toHaveLength(4);
    // The columns line up: every line is as long as the header.
    expect(new Set(lines.slice(1).map((line) => line.length)).size).toBe(1);
  });
});
