import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { brandKey } from './get-customer-brand';
import { brandListKey } from './list-brands';

export function deleteBrand(id: string): Promise<null> {
  return api.delete('/sys/brand/delete', { id });
}

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBrand,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: brandListKey });
      await queryClient.invalidateQueries({ queryKey: brandKey });
    },
  });
}
