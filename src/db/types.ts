import type { RxCollection, RxDatabase } from 'rxdb';
import type { CollectionName, DocTypes } from './schemas';

export type SpotterCollections = { [K in CollectionName]: RxCollection<DocTypes[K]> };
export type SpotterDatabase = RxDatabase<SpotterCollections>;
export type { CollectionName, DocTypes };
