import { z } from 'zod';
import { dateInputSchema } from '../common';

/** Ids are PostgreSQL integers: a larger number is bad input (400), never a database error. */
export const MAX_DB_ID = 2_147_483_647;

/** A positive integer id in a path or query (strings are coerced). */
export const dataIdSchema = z.coerce.number().int().positive().max(MAX_DB_ID);
/** A positive integer id in a JSON body. */
export const bodyIdSchema = z.number().int().positive().max(MAX_DB_ID);

/** A calendar date or ISO date-time between the years 1900 and 2200. */
export const blastDateSchema = dateInputSchema.refine((v) => {
  const year = Number(v.slice(0, 4));
  return year >= 1900 && year <= 2200;
}, 'Use a date between the years 1900 and 2200');
