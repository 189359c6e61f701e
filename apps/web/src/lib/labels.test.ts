import {
  DisputeStatus,
  DocumentType,
  OfferStatus,
  ProjectStatus,
  ReportStatus,
  ReportType,
  UserRole,
  VerificationStatusFilter,
} from '@kwanza/contract';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_TYPE_LABELS,
  DISPUTE_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  type LabelMap,
  labelOf,
  OFFER_STATUS_LABELS,
  optionsOf,
  PROJECT_STATUS_LABELS,
  REPORT_STATUS_LABELS,
  REPORT_TYPE_LABELS,
  USER_ROLE_LABELS,
  VERIFICATION_STATUS_LABELS,
} from './labels';

const MAPS: [string, readonly string[], LabelMap<string>][] = [
  ['UserRole', UserRole.options, USER_ROLE_LABELS],
  ['VerificationStatusFilter', VerificationStatusFilter.options, VERIFICATION_STATUS_LABELS],
  ['DocumentType', DocumentType.options, DOCUMENT_TYPE_LABELS],
  ['ProjectStatus', ProjectStatus.options, PROJECT_STATUS_LABELS],
  ['OfferStatus', OfferStatus.options, OFFER_STATUS_LABELS],
  ['DisputeStatus', DisputeStatus.options, DISPUTE_STATUS_LABELS],
  ['ReportStatus', ReportStatus.options, REPORT_STATUS_LABELS],
  ['ReportType', ReportType.options, REPORT_TYPE_LABELS],
];

describe('labels', () => {
  it.each(MAPS)('gives every %s value a French label that is not the raw value', (_name, values, map) => {
    expect(Object.keys(map).sort()).toEqual([...values].sort());
    for (const value of values) expect(map[value]?.label).not.toBe(value);
  });

  it("says 'Individuel' for a provider without a business, everywhere", () => {
    expect(ACCOUNT_TYPE_LABELS.individual.label).toBe('Individuel');
  });

  it('builds select options, with an optional first "all" option', () => {
    expect(optionsOf(DOCUMENT_TYPE_LABELS, { all: 'Tous les documents' })).toEqual([
      { value: '', label: 'Tous les documents' },
      { value: 'id_card', label: "Carte d'identité" },
      { value: 'passport', label: 'Passeport' },
    ]);
    expect(optionsOf(PROJECT_STATUS_LABELS, { only: ['open', 'paused'] }).map((o) => o.label)).toEqual([
      'Ouvert',
      'En pause',
    ]);
  });

  it("reads a value the console does not know as 'Inconnu', not raw", () => {
    expect(labelOf(PROJECT_STATUS_LABELS, 'archived').label).toBe('Inconnu');
  });
});
