import { useCallback, useEffect, useRef } from 'react';
import { useDataProvider, useNotify, type NotificationOptions, type NotificationType } from 'react-admin';
import { useMutation, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ApiErrorBody } from '../../providers/request';
import type { ServeryDataProvider } from '../../providers/dataProvider';

/** The dataProvider with the shared calls (getSetting, …) and, typed, the calling area's own methods: useApi<StaffApi>(). */
export const useApi = <AreaApi extends object = object>() => useDataProvider() as unknown as ServeryDataProvider & AreaApi;

type Failure = { status?: number; message?: string; body?: ApiErrorBody };

/**
 * The one error path of the console: the API's `{ message, errors }` becomes the toast, and the field errors
 * are returned for the form to show. A 401 shows nothing here: the session is over, and the session watcher
 * takes the user to /login (and back afterwards), so no page reports it as its own failure.
 */
export function useApiError({ formShowsFieldErrors = false }: { formShowsFieldErrors?: boolean } = {}) {
  const notify = useNotify();
  return useCallback(
    (error: unknown): Record<string, string> | undefined => {
      const failure = error as Failure | null;
      if (failure?.status === 401) return undefined;
      if ((error as Error | null)?.name === 'AbortError') return undefined;
      const fields = failure?.body?.errors;
      // react-admin's forms put field errors under the fields and say 'Invalid form' themselves.
      if (formShowsFieldErrors && fields && Object.keys(fields).length > 0) return fields;
      notify(failure?.message || 'ra.notification.http_error', { type: 'error' });
      return fields;
    },
    [notify, formShowsFieldErrors],
  );
}

/** Reports a query's failure once through useApiError (spec 3 §8: a failed load is also a toast). */
export function useReportedError(error: unknown) {
  const report = useApiError();
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (error && reported.current !== error) {
      reported.current = error;
      report(error);
    }
  }, [error, report]);
}

/** useQuery whose failure is reported once through useApiError. */
export function useApiQuery<T, K extends QueryKey = QueryKey>(options: UseQueryOptions<T, Error, T, K>) {
  const query = useQuery<T, Error, T, K>({ retry: false, ...options });
  useReportedError(query.error);
  return query;
}

/**
 * useMutation with the console's toasts: `success` (or the server's own `message`) on success, useApiError on
 * failure. mutateAsync still rejects, so a form can keep its values; the field errors ride on `error.body.errors`.
 */
export function useApiMutation<TVars, TResult>({
  mutationFn,
  success,
  successOptions = { type: 'success' },
  onSuccess,
}: {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** The toast on success; the server's `message` wins when it sends one. null: no toast. */
  success: string | null;
  successOptions?: NotificationOptions & { type?: NotificationType };
  onSuccess?: (result: TResult, vars: TVars) => unknown;
}) {
  const notify = useNotify();
  const report = useApiError();
  return useMutation<TResult, Error, TVars>({
    mutationFn,
    onSuccess: (result, vars) => {
      const message = (result as { message?: unknown } | null)?.message;
      if (success !== null) notify(typeof message === 'string' && message ? message : success, successOptions);
      return onSuccess?.(result, vars);
    },
    onError: (error) => void report(error),
  });
}
