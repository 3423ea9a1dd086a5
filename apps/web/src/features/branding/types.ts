import type { BrandInput } from '@switchboard/contracts';

/** A brand as the administration list returns it (the server's row). */
export interface BrandRecord extends BrandInput {
  id: string;
  createdAt?: string;
  updatedAt?: string;
}
