import type { RxJsonSchema } from 'rxdb';
import { nullableText, textId, timestamp } from './fields';

/** public.gyms: the verified gyms the client has seen (home gyms, check-ins, nearby). Pull-only. */
export interface GymDoc {
  id: string;
  name: string;
  address: string;
  postal_code: string | null;
  city: string;
  country: string;
  latitude: number;
  longitude: number;
  verified: boolean;
  created_at: string;
}

export const gymSchema: RxJsonSchema<GymDoc> = {
  title: 'gyms',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: textId(82),
    name: { type: 'string', maxLength: 120 },
    address: { type: 'string', maxLength: 200 },
    postal_code: nullableText(12),
    city: { type: 'string', maxLength: 80 },
    country: { type: 'string', maxLength: 2 },
    latitude: { type: 'number', minimum: -90, maximum: 90 },
    longitude: { type: 'number', minimum: -180, maximum: 180 },
    verified: { type: 'boolean' },
    created_at: timestamp,
  },
  required: ['id', 'name', 'address', 'city', 'country', 'latitude', 'longitude', 'verified', 'created_at'],
  // Gym pickers list by name, or by city then name.
  indexes: ['name', ['country', 'city', 'name']],
};
