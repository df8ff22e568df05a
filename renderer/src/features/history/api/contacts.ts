import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CONTACTS_PAGE_SIZE, CONVERSATION_CHANNELS } from '@contracts/history.ts';
import { toAppError } from '../../../errors/appError.ts';
import { getSupabase } from '../../../lib/supabase.ts';
import { historyKeys } from './keys.ts';

const contactCardSchema = z.object({
  id: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  favorite: z.boolean(),
  notes: z.string(),
  last_contact_date: z.string().nullable(),
  total_call_duration: z.number(),
  sort_key: z.string(),
  conversation_count: z.number(),
  channels: z.array(z.enum(CONVERSATION_CHANNELS).catch('web_chat')),
});
export type ContactCard = z.infer<typeof contactCardSchema>;

interface Cursor {
  key: string;
  id: string;
}

/** One page of contact cards (contact_cards: search and favourites filtered in Postgres). */
export async function fetchContactCards(
  search: string,
  favoritesOnly: boolean,
  cursor: Cursor | null,
  pageSize = CONTACTS_PAGE_SIZE,
) {
  const { data, error } = await getSupabase().rpc('contact_cards', {
    ...(search ? { search } : {}),
    favorites_only: favoritesOnly,
    ...(cursor ? { before_key: cursor.key, before_id: cursor.id } : {}),
    page_size: pageSize,
  });
  if (error) throw toAppError(error);
  return z.array(contactCardSchema).parse(data ?? []);
}

export function useContactCardsQuery(userId: string, search: string, favoritesOnly: boolean) {
  return useInfiniteQuery({
    queryKey: historyKeys.contacts(userId, search, favoritesOnly),
    queryFn: ({ pageParam }) => fetchContactCards(search, favoritesOnly, pageParam),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (last) => {
      const tail = last[last.length - 1];
      return last.length < CONTACTS_PAGE_SIZE || !tail ? undefined : { key: tail.sort_key, id: tail.id };
    },
  });
}

const contactSchema = z.object({
  id: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  favorite: z.boolean(),
  notes: z.string(),
  last_contact_date: z.string().nullable(),
  total_call_duration: z.number(),
});
export type Contact = z.infer<typeof contactSchema>;

export function useContactQuery(contactId: string) {
  return useQuery({
    queryKey: historyKeys.contact(contactId),
    queryFn: async () => {
      const { data, error } = await getSupabase()
        .from('contacts')
        .select('id, phone, email, first_name, last_name, favorite, notes, last_contact_date, total_call_duration')
        .eq('id', contactId)
        .maybeSingle();
      if (error) throw toAppError(error);
      return data ? contactSchema.parse(data) : null;
    },
  });
}

export type ContactPatch = Partial<Pick<Contact, 'favorite' | 'notes'>>;

/** Saves a contact's favourite flag or notes (RLS: the owner's contacts only). */
export function useUpdateContactMutation(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: ContactPatch) => {
      const { data, error } = await getSupabase()
        .from('contacts')
        .update(patch)
        .eq('id', contactId)
        .select('id, phone, email, first_name, last_name, favorite, notes, last_contact_date, total_call_duration')
        .single();
      if (error) throw toAppError(error);
      return contactSchema.parse(data);
    },
    onSuccess: (contact) => {
      queryClient.setQueryData(historyKeys.contact(contactId), contact);
      void queryClient.invalidateQueries({ queryKey: historyKeys.contactLists() });
    },
  });
}

/** Flips a card's favourite, persisted in Postgres so it is there on the next visit. */
export function useToggleFavoriteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (contact: ContactCard) => {
      const { error } = await getSupabase()
        .from('contacts')
        .update({ favorite: !contact.favorite })
        .eq('id', contact.id);
      if (error) throw toAppError(error);
    },
    onSettled: (_data, _error, contact) => {
      void queryClient.invalidateQueries({ queryKey: historyKeys.contactLists() });
      void queryClient.invalidateQueries({ queryKey: historyKeys.contact(contact.id) });
    },
  });
}
