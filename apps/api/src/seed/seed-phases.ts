/*
 * The seed's phases, timed for `npm run seed -- --phases`: where a large seed's time goes (the load,
 * the index builds, the counters, the text indexes…), as wall time and as the process's CPU time (all
 * its threads: the text-index worker and SQLite's sorting helpers count too).
 */

/**
 * The seed's phases, in the order they end (seedDatabase's `onPhase`): the users and what they bring
 * (projects, offers, disputes, conversations, messages); the reports and notifications; the audit
 * journal; the loaded tables' indexes (with the conversations' figures and the catalogue's counts);
 * the counters' recount; the text indexes (the worker's copied in, or rebuilt, then merged); the
 * commit (with the bulk-load settings restored and, on PostgreSQL, VACUUM ANALYZE).
 */
export const SEED_PHASES = [
  'users',
  'reports_notifications',
  'journal',
  'indexes',
  'counters',
  'text_indexes',
  'commit',
] as const;

export type SeedPhase = (typeof SEED_PHASES)[number];

export const SEED_PHASE_LABELS: Record<SeedPhase, string> = {
  users: 'Utilisateurs, projets, offres, litiges, conversations',
  reports_notifications: 'Signalements et notifications',
  journal: "Journal d'audit",
  indexes: 'Index des tables',
  counters: 'Compteurs',
  text_indexes: 'Index de texte',
  commit: 'Validation',
};

export interface PhaseTiming {
  phase: SeedPhase;
  /** Wall time since the previous phase ended (or the clock started). */
  seconds: number;
  /** CPU time of the whole process (user and system, every thread) over the same span. */
  cpuSeconds: number;
}

export interface PhaseClockSources {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Microseconds of CPU used by the process so far (user and system). */
  cpu(): number;
}

const processSources: PhaseClockSources = {
  now: () => performance.now(),
  cpu: () => {
    const usage = process.cpuUsage();
    return usage.user + usage.system;
  },
};

/** Times each phase from the end of the one before. */
export class PhaseClock {
  readonly timings: PhaseTiming[] = [];
  private lastNow: number;
  private lastCpu: number;

  constructor(private readonly sources: PhaseClockSources = processSources) {
    this.lastNow = sources.now();
    this.lastCpu = sources.cpu();
  }

  /** Records the end of `phase`. */
  end(phase: SeedPhase): PhaseTiming {
    const now = this.sources.now();
    const cpu = this.sources.cpu();
    const timing = { phase, seconds: (now - this.lastNow) / 1000, cpuSeconds: (cpu - this.lastCpu) / 1e6 };
    this.lastNow = now;
    this.lastCpu = cpu;
    this.timings.push(timing);
    return timing;
  }
}

/** The phases' table printed by the seed's command, in French. */
export function formatPhaseTimings(timings: readonly PhaseTiming[]): string {
  const width = Math.max(...timings.map((timing) => SEED_PHASE_LABELS[timing.phase].length)) + 2;
  const seconds = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const column = (value: number) => `${seconds.format(value)} s`.padStart(10);
  const lines = timings.map(
    (timing) =>
      `  ${SEED_PHASE_LABELS[timing.phase].padEnd(width, '.')} ${column(timing.seconds)} ${column(timing.cpuSeconds)}`,
  );
  const header = `  ${'Étape'.padEnd(width)} ${'écoulé'.padStart(10)} ${'processeur'.padStart(10)}`;
  return ['Durée des étapes (temps écoulé, temps processeur de tous les fils) :', header, ...lines].join(
    '\n',
  );
}
