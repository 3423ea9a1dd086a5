import { type QueryKey, type UseQueryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { type TopicSchema, useTopicMessages } from './websocket';

/** How the pushed states of one kind of object look. */
export interface LiveStateMessages<S> {
  /** The `msgId` of the topic messages that carry one object's new state (JSON in `msgTxt`). */
  messageId: string;
  /** The shared schema of a state: a message that does not pass it is ignored. */
  schema: TopicSchema<unknown>;
  /** The object a state is of. */
  idOf: (state: S) => string;
}

/**
 * The live state of every object of a kind (gateways' binds, trunks' registrations), by object:
 * read once with `query` (the kind's `…/state` route), then kept current by the state messages
 * the server pushes over the notices socket (each replaces its object's state), and read again
 * whenever the socket comes back.
 */
export function useLiveStates<S, E, K extends QueryKey>(
  query: UseQueryOptions<S[], E, S[], K>,
  { messageId, schema, idOf }: LiveStateMessages<S>,
): Map<string, S> {
  const queryClient = useQueryClient();
  const states = useQuery(query);
  const socket = useTopicMessages(messageId, schema, (_, sent) => {
    // Kept as sent (the query's states are JSON as the server wrote them, not the schema's output).
    const state = sent as S;
    queryClient.setQueryData<S[]>(query.queryKey, (current) => [
      ...(current ?? []).filter((s) => idOf(s) !== idOf(state)),
      state,
    ]);
  });
  // A socket that comes back may have missed messages: read the states again.
  const { refetch } = states;
  const wasOpen = useRef(socket === 'open');
  useEffect(() => {
    if (socket === 'open' && !wasOpen.current) void refetch();
    wasOpen.current = socket === 'open';
  }, [socket, refetch]);
  const { data } = states;
  // biome-ignore lint/correctness/useExhaustiveDependencies: idOf names the same field on every render
  return useMemo(() => new Map((data ?? []).map((s) => [idOf(s), s])), [data]);
}
