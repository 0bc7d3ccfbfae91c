import { classificationRoutes } from './classifications.js';
import { fieldRoutes } from './fields.js';
import { flagTypeWriteRoutes } from './flag-type-writes.js';
import { flagTypeReadRoutes } from './flag-types.js';
import { groupWriteRoutes } from './group-writes.js';
import { groupReadRoutes } from './groups.js';
import { productWriteRoutes } from './product-writes.js';
import { productReadRoutes } from './products.js';
import { userWriteRoutes } from './user-writes.js';
import { userReadRoutes } from './users.js';

/** The routes that read the catalogue, users and groups. */
export const catalogueReadRoutes = {
  ...productReadRoutes,
  ...classificationRoutes,
  ...fieldRoutes,
  ...userReadRoutes,
  ...groupReadRoutes,
  ...flagTypeReadRoutes,
};

/** The routes that change the catalogue. */
export const catalogueWriteRoutes = {
  ...productWriteRoutes,
  ...groupWriteRoutes,
  ...flagTypeWriteRoutes,
  ...userWriteRoutes,
};
