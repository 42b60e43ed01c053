/** The catalogue's other screens (form, detail, reference lists, import, labels): one chunk, fetched when one is opened. */
export { ProductImportPage } from './bulk/product-import-page';
export { LabelsPage } from './labels/labels-page';
export { BrandsPage } from './brands-page';
export { CategoriesPage } from './categories-page';
export { ProductDetailPage } from './product-detail-page';
export { ProductFormPage } from './product-form-page';
export { UnitsPage } from './units-page';
