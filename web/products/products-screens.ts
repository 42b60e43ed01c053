/** The catalogue's screens, with import and labels: one chunk, fetched on the first visit to /admin/products. */
export { ProductImportPage } from './bulk/product-import-page';
export { LabelsPage } from './labels/labels-page';
export { BrandsPage } from './brands-page';
export { CategoriesPage } from './categories-page';
export { ProductDetailPage } from './product-detail-page';
export { ProductFormPage } from './product-form-page';
export { ProductListPage } from './product-list-page';
export { ProductsLayout } from './products-layout';
export { UnitsPage } from './units-page';
