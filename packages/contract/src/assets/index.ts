/** The assets domain: models, suppliers, warehouses, stock movements, dispatch applications, device assets, install records. */
export * from './shared.js';
export * from './model.js';
export * from './supplier.js';
export * from './warehouse.js';
export * from './stock.js';
export * from './dispatch.js';
export * from './permissions.js';
export * from './calls.js';
export * from './errors.js';
export * from './labels.js';
