import { IdSchema } from '@gprhub/contract';

/** Whether a route parameter is an id the API can know (UUID v4, as the contract requires). */
export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && IdSchema.safeParse(value).success;
}
