import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  addressListSchema,
  addressSchema,
  callerIdListSchema,
  callerIdValidationSchema,
  type AddressInput,
  type CallerIdInput,
} from '@contracts/phone-numbers.ts';
import { callPhoneNumbers } from './phoneFunction.ts';
import { numbersKeys } from './keys.ts';

/** The owner's Twilio addresses and caller IDs (each owner sees only the ones they created). */
export function useAddressesQuery(enabled: boolean) {
  return useQuery({
    queryKey: numbersKeys.addresses(),
    queryFn: () =>
      callPhoneNumbers('GET', 'addresses', addressListSchema, 'numbers:errors.load').then((r) => r.addresses),
    enabled,
  });
}

export function useCallerIdsQuery(enabled: boolean) {
  return useQuery({
    queryKey: numbersKeys.callerIds(),
    queryFn: () =>
      callPhoneNumbers('GET', 'caller-ids', callerIdListSchema, 'numbers:errors.load').then((r) => r.callerIds),
    enabled,
  });
}

const deleted = z.object({ deleted: z.literal(true) });

export function useAddressMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: numbersKeys.addresses() });
  return {
    add: useMutation({
      mutationFn: (input: AddressInput) =>
        callPhoneNumbers('POST', 'addresses', addressSchema, 'numbers:errors.save', { ...input }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (sid: string) =>
        callPhoneNumbers('DELETE', `addresses/${encodeURIComponent(sid)}`, deleted, 'numbers:errors.delete'),
      onSettled,
    }),
  };
}

export function useCallerIdMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: numbersKeys.callerIds() });
  return {
    add: useMutation({
      mutationFn: (input: CallerIdInput) =>
        callPhoneNumbers('POST', 'caller-ids', callerIdValidationSchema, 'numbers:errors.save', { ...input }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (phoneNumber: string) =>
        callPhoneNumbers('DELETE', `caller-ids/${encodeURIComponent(phoneNumber)}`, deleted, 'numbers:errors.delete'),
      onSettled,
    }),
  };
}
