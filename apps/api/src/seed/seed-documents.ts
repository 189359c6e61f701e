import { type DocumentStorage, isValidDocumentKey } from '../storage/document-storage.js';
import { type DocumentImageKind, renderDocumentImage } from './document-images.js';

/*
 * Where the seed puts document pictures. Small seeds give every verification and dispute its own files;
 * large ones share a small pool of pictures (`seed-pool/...`) to keep disk use small.
 */

export const POOL_SIZE = 12;

export interface VerificationDocumentKeys {
  id_card_front: string | null;
  id_card_back: string | null;
  passport_image: string | null;
  selfie_image: string | null;
}

export type VerificationOwner = 'provider' | 'client';

export class SeedDocuments {
  readonly pooled: boolean;
  readonly #storage: DocumentStorage;
  #filesWritten = 0;

  constructor(storage: DocumentStorage, pooled: boolean) {
    this.#storage = storage;
    this.pooled = pooled;
  }

  get filesWritten(): number {
    return this.#filesWritten;
  }

  /** Writes the shared pictures once (pooled mode only). */
  async preparePool(): Promise<void> {
    if (!this.pooled) return;
    const kinds: DocumentImageKind[] = ['id-card-front', 'id-card-back', 'passport', 'selfie', 'evidence'];
    for (const kind of kinds) {
      for (let variant = 0; variant < POOL_SIZE; variant += 1) {
        await this.#save(poolKey(kind, variant), kind, variant);
      }
    }
  }

  /** Keys known before the row exists (pooled mode). */
  pooledVerificationKeys(
    documentType: 'id_card' | 'passport',
    withSelfie: boolean,
    variant: number,
  ): VerificationDocumentKeys {
    const slot = variant % POOL_SIZE;
    return {
      id_card_front: documentType === 'id_card' ? poolKey('id-card-front', slot) : null,
      id_card_back: documentType === 'id_card' ? poolKey('id-card-back', slot) : null,
      passport_image: documentType === 'passport' ? poolKey('passport', slot) : null,
      selfie_image: withSelfie ? poolKey('selfie', (slot + 5) % POOL_SIZE) : null,
    };
  }

  /** Writes the pictures of one verification under its id and returns their keys. */
  async saveVerificationDocuments(
    owner: VerificationOwner,
    verificationId: number,
    documentType: 'id_card' | 'passport',
    withSelfie: boolean,
    variant: number,
  ): Promise<VerificationDocumentKeys> {
    const folder = `verifications/${owner}/${verificationId}`;
    const keys: VerificationDocumentKeys = {
      id_card_front: documentType === 'id_card' ? `${folder}/id-card-front.png` : null,
      id_card_back: documentType === 'id_card' ? `${folder}/id-card-back.png` : null,
      passport_image: documentType === 'passport' ? `${folder}/passport.png` : null,
      selfie_image: withSelfie ? `${folder}/selfie.png` : null,
    };
    if (keys.id_card_front) await this.#save(keys.id_card_front, 'id-card-front', variant);
    if (keys.id_card_back) await this.#save(keys.id_card_back, 'id-card-back', variant);
    if (keys.passport_image) await this.#save(keys.passport_image, 'passport', variant);
    if (keys.selfie_image) await this.#save(keys.selfie_image, 'selfie', variant);
    return keys;
  }

  /** Key of the n-th evidence file of a dispute (written now unless pooled). */
  async evidenceKey(disputeId: number, position: number, variant: number): Promise<string> {
    if (this.pooled) return poolKey('evidence', variant % POOL_SIZE);
    const key = `disputes/${disputeId}/evidence-${position}.png`;
    await this.#save(key, 'evidence', variant);
    return key;
  }

  async #save(key: string, kind: DocumentImageKind, variant: number): Promise<void> {
    if (!isValidDocumentKey(key)) throw new Error(`Clé de document invalide : ${key}`);
    await this.#storage.save(key, renderDocumentImage(kind, variant));
    this.#filesWritten += 1;
  }
}

function poolKey(kind: DocumentImageKind, slot: number): string {
  return `seed-pool/${kind}-${slot}.png`;
}
