import type { BrandInput, BrandRecord } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { brandKey } from './get-customer-brand';
import { brandListKey } from './list-brands';

export function addBrand(input: BrandInput): Promise<BrandRecord> {
  return api.post('/sys/brand/add', input);
}

export function editBrand(id: string, input: BrandInput): Promise<BrandRecord> {
  return api.put('/sys/brand/edit', { ...input, id });
}

/** Adds when `id` is missing, else edits; the list and the page's own brand reload. */
export function useSaveBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: BrandInput }) =>
      id ? editBrand(id, input) : addBrand(input),
    // The form puts field errors beside the fields and shows anything else itself.
    meta: { errorDisplay: 'inline' },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: brandListKey });
      await queryClient.invalidateQueries({ queryKey: brandKey });
    },
  });
}
