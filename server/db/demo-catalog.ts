import type { TaxClass } from '../../core/products/tax.rules';

// The demo shop's catalog (demo mode only, server/db/seed.ts): a Nairobi mini-mart with two
// branches. Prices are whole shillings (shelf prices, VAT inclusive); stock quantities are text in
// the product's unit ("18.5" kg), parsed exactly; barcodes are 12-digit EAN-13 bodies under GS1
// Kenya's 616 (the check digit is added when seeding). 6169… is left to generated catalogs.

export const WESTLANDS_BRANCH = { name: 'Westlands branch', address: 'Woodvale Grove, Westlands, Nairobi' };

/** Packs of the default Piece unit. */
export const DEMO_PACK_UNITS = [
  { name: 'Crate of 24', shortName: 'crate', pieces: 24 },
  { name: 'Bale', shortName: 'bale', pieces: 12 },
  { name: 'Dozen', shortName: 'dz', pieces: 12 },
  { name: 'Tray of 30', shortName: 'tray', pieces: 30 },
] as const;

interface DemoCategory {
  name: string;
  /** The VAT class new products in it start with; none: standard (or the parent's). */
  taxClass?: TaxClass;
}

/**
 * Top-level categories with their sub-categories; products name one as "Parent › Child". A
 * category of goods Kenya's VAT schedules list carries their class for new products (see the
 * sources above DEMO_PRODUCTS); mixed ones (dairy: milk 0%, yoghurt 16%, eggs exempt) carry none.
 */
export const DEMO_CATEGORIES: (DemoCategory & { children: DemoCategory[] })[] = [
  { name: 'Beverages', children: [{ name: 'Soft drinks' }, { name: 'Water' }, { name: 'Juices' }, { name: 'Tea & coffee' }] },
  { name: 'Dairy & eggs', children: [] },
  { name: 'Bakery', taxClass: 'zero_rated', children: [] },
  { name: 'Cereals & flour', children: [{ name: 'Unga', taxClass: 'zero_rated' }, { name: 'Rice & pulses', taxClass: 'exempt' }] },
  { name: 'Cooking oil & fats', children: [] },
  { name: 'Sugar & salt', children: [] },
  { name: 'Household', children: [{ name: 'Laundry' }, { name: 'Cleaning' }] },
  { name: 'Personal care', children: [{ name: 'Oral care' }, { name: 'Skin & hair' }, { name: 'Feminine care', taxClass: 'exempt' }] },
  { name: 'Snacks', children: [] },
  { name: 'Fresh produce', taxClass: 'exempt', children: [] },
  { name: 'Clothing', children: [] },
];

export const CATEGORY_SEPARATOR = ' › ';

export interface DemoVariant {
  /** '' for a simple product. */
  name: string;
  options: Record<string, string>;
  sku: string;
  /** 12 digits; null for goods weighed at the counter. */
  barcodeBody: string | null;
  costKes: number;
  priceKes: number;
  /** On hand at [Main shop, Westlands branch]; '0' puts nothing there. */
  stock: [string, string];
}

export interface DemoProduct {
  name: string;
  category: string;
  brand: string | null;
  /** Default unit name, or a pack from DEMO_PACK_UNITS. */
  unit: string;
  taxClass: TaxClass;
  /** In the product's unit, like stock. */
  reorderLevel: string | null;
  description: string | null;
  variants: DemoVariant[];
}

interface SimpleProduct {
  name: string;
  category: string;
  brand: string | null;
  sku: string;
  barcode: string | null;
  cost: number;
  price: number;
  stock: [string, string];
  tax?: TaxClass;
  unit?: string;
  reorder?: string;
  description?: string;
}

const simple = (product: SimpleProduct): DemoProduct => ({
  name: product.name,
  category: product.category,
  brand: product.brand,
  unit: product.unit ?? 'Piece',
  taxClass: product.tax ?? 'standard',
  reorderLevel: product.reorder ?? null,
  description: product.description ?? null,
  variants: [{ name: '', options: {}, sku: product.sku, barcodeBody: product.barcode, costKes: product.cost, priceKes: product.price, stock: product.stock }],
});

/** Weighed at the counter (kg, 3 decimals), no maker's barcode; unprocessed food is VAT exempt. */
const produce = (name: string, sku: string, cost: number, price: number, stock: [string, string], reorder: string) =>
  simple({ name, category: 'Fresh produce', brand: null, sku, barcode: null, cost, price, stock, tax: 'exempt', unit: 'Kilogram', reorder });

// Kenyan VAT (VAT Act 2013 schedules, as KRA's eTIMS item codes list them; Odoo ships the list in
// addons/l10n_ke/data/l10n_ke.item.code.csv): zero-rated are maize and wheat flour (0022.12.00),
// ordinary bread (0013.12.02) and milk not concentrated nor sweetened, pasteurised or UHT
// (0015.12.00); exempt are fresh eggs (0022.11.00), vegetables and dried pulses (0023.11.00),
// fruit (0024.11.00), milled rice (0039.11.65) and sanitary pads (0039.11.57); the rest is 16%.
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: 'Coca-Cola',
    category: 'Beverages › Soft drinks',
    brand: 'Coca-Cola',
    unit: 'Piece',
    taxClass: 'standard',
    reorderLevel: '6',
    description: 'Original taste, in returnable glass (350 ml) and PET bottles.',
    variants: [
      { name: '350 ml', options: { Size: '350 ml' }, sku: 'COKE-350', barcodeBody: '616130000350', costKes: 41, priceKes: 50, stock: ['48', '24'] },
      { name: '500 ml', options: { Size: '500 ml' }, sku: 'COKE-500', barcodeBody: '616130000500', costKes: 58, priceKes: 70, stock: ['72', '48'] },
      { name: '1.25 l', options: { Size: '1.25 l' }, sku: 'COKE-1250', barcodeBody: '616130001250', costKes: 108, priceKes: 130, stock: ['24', '12'] },
      { name: '2 l', options: { Size: '2 l' }, sku: 'COKE-2000', barcodeBody: '616130002000', costKes: 168, priceKes: 200, stock: ['18', '10'] },
    ],
  },
  simple({ name: 'Fanta Orange 500 ml', category: 'Beverages › Soft drinks', brand: 'Fanta', sku: 'FANTA-500', barcode: '616130010500', cost: 58, price: 70, stock: ['48', '24'] }),
  simple({ name: 'Sprite 500 ml', category: 'Beverages › Soft drinks', brand: 'Sprite', sku: 'SPRITE-500', barcode: '616130020500', cost: 58, price: 70, stock: ['36', '24'] }),
  simple({ name: 'Keringet still water 500 ml', category: 'Beverages › Water', brand: 'Keringet', sku: 'KER-500', barcode: '616292000500', cost: 28, price: 40, stock: ['60', '48'] }),
  simple({ name: 'Keringet still water 1 l', category: 'Beverages › Water', brand: 'Keringet', sku: 'KER-1000', barcode: '616292001000', cost: 50, price: 70, stock: ['36', '24'] }),
  simple({ name: 'Minute Maid Mango 400 ml', category: 'Beverages › Juices', brand: 'Minute Maid', sku: 'MMAID-MANGO-400', barcode: '616130030400', cost: 55, price: 70, stock: ['24', '12'] }),
  simple({ name: 'Afia Mango juice 500 ml', category: 'Beverages › Juices', brand: 'Afia', sku: 'AFIA-MANGO-500', barcode: '616303000500', cost: 62, price: 80, stock: ['24', '12'] }),
  simple({ name: 'Ketepa Pride tea leaves 250 g', category: 'Beverages › Tea & coffee', brand: 'Ketepa', sku: 'KETEPA-250', barcode: '616192000250', cost: 120, price: 150, stock: ['30', '15'] }),
  simple({ name: 'Ketepa Fahari ya Kenya tea bags (100)', category: 'Beverages › Tea & coffee', brand: 'Ketepa', sku: 'KETEPA-TB100', barcode: '616192001100', cost: 215, price: 270, stock: ['20', '10'] }),
  simple({ name: 'Nescafé Classic instant coffee 50 g', category: 'Beverages › Tea & coffee', brand: 'Nescafé', sku: 'NESCAFE-50', barcode: '616340000050', cost: 270, price: 330, stock: ['12', '6'] }),
  simple({ name: 'Brookside fresh milk 500 ml', category: 'Dairy & eggs', brand: 'Brookside', sku: 'BRK-FRESH-500', barcode: '616110000500', cost: 55, price: 65, stock: ['12', '30'], tax: 'zero_rated', reorder: '24', description: 'Pasteurised whole milk. Delivered daily; keep chilled.' }),
  simple({ name: 'Brookside long life milk 500 ml', category: 'Dairy & eggs', brand: 'Brookside', sku: 'BRK-UHT-500', barcode: '616110001500', cost: 58, price: 70, stock: ['48', '24'], tax: 'zero_rated' }),
  simple({ name: 'Brookside strawberry yoghurt 250 ml', category: 'Dairy & eggs', brand: 'Brookside', sku: 'BRK-YOG-STR-250', barcode: '616110002250', cost: 68, price: 85, stock: ['24', '12'] }),
  simple({ name: 'Brookside Mala 500 ml', category: 'Dairy & eggs', brand: 'Brookside', sku: 'BRK-MALA-500', barcode: '616110003500', cost: 64, price: 80, stock: ['18', '12'] }),
  simple({ name: 'Brookside salted butter 250 g', category: 'Dairy & eggs', brand: 'Brookside', sku: 'BRK-BUTTER-250', barcode: '616110004250', cost: 350, price: 420, stock: ['10', '6'] }),
  simple({ name: 'Daima fresh milk 500 ml', category: 'Dairy & eggs', brand: 'Daima', sku: 'DAIMA-FRESH-500', barcode: '616247000500', cost: 50, price: 60, stock: ['36', '24'], tax: 'zero_rated', reorder: '12' }),
  simple({ name: 'Daima vanilla yoghurt 500 ml', category: 'Dairy & eggs', brand: 'Daima', sku: 'DAIMA-YOG-VAN-500', barcode: '616247001500', cost: 120, price: 150, stock: ['12', '8'] }),
  simple({ name: 'Fresh milk from the dispenser', category: 'Dairy & eggs', brand: null, sku: 'MILK-ATM', barcode: null, cost: 52, price: 70, stock: ['48.5', '30'], tax: 'zero_rated', unit: 'Litre', reorder: '20', description: 'Loose pasteurised milk from the milk ATM, sold by the litre.' }),
  simple({ name: 'Kenchic farm eggs', category: 'Dairy & eggs', brand: 'Kenchic', sku: 'EGGS-TRAY', barcode: '616258000030', cost: 420, price: 480, stock: ['10', '6'], tax: 'exempt', unit: 'Tray of 30' }),
  simple({ name: 'Festive white bread 400 g', category: 'Bakery', brand: 'Festive', sku: 'FEST-WHITE-400', barcode: '616236000400', cost: 55, price: 65, stock: ['6', '20'], tax: 'zero_rated', reorder: '10' }),
  simple({ name: 'Festive brown bread 400 g', category: 'Bakery', brand: 'Festive', sku: 'FEST-BROWN-400', barcode: '616236001400', cost: 58, price: 70, stock: ['20', '12'], tax: 'zero_rated', reorder: '5' }),
  simple({ name: 'Supaloaf white bread 600 g', category: 'Bakery', brand: 'Supaloaf', sku: 'SUPA-WHITE-600', barcode: '616237000600', cost: 76, price: 90, stock: ['15', '10'], tax: 'zero_rated' }),
  simple({ name: 'Festive sweet buns (6 pack)', category: 'Bakery', brand: 'Festive', sku: 'FEST-BUNS-6', barcode: '616236002006', cost: 80, price: 100, stock: ['12', '6'] }),
  simple({ name: 'Jogoo maize meal 2 kg', category: 'Cereals & flour › Unga', brand: 'Jogoo', sku: 'JOGOO-2KG', barcode: '616161002000', cost: 128, price: 150, stock: ['60', '36'], tax: 'zero_rated', reorder: '20', description: 'Sifted maize flour (unga wa ugali); a bale holds 12 packets.' }),
  simple({ name: 'Jogoo maize meal 1 kg', category: 'Cereals & flour › Unga', brand: 'Jogoo', sku: 'JOGOO-1KG', barcode: '616161001000', cost: 68, price: 80, stock: ['24', '12'], tax: 'zero_rated' }),
  simple({ name: 'Soko maize meal 2 kg', category: 'Cereals & flour › Unga', brand: 'Soko', sku: 'SOKO-2KG', barcode: '616161102000', cost: 124, price: 145, stock: ['36', '24'], tax: 'zero_rated' }),
  simple({ name: 'Pembe maize flour 2 kg', category: 'Cereals & flour › Unga', brand: 'Pembe', sku: 'PEMBE-MAIZE-2KG', barcode: '616152002000', cost: 130, price: 155, stock: ['36', '24'], tax: 'zero_rated' }),
  simple({ name: 'Pembe home baking flour 2 kg', category: 'Cereals & flour › Unga', brand: 'Pembe', sku: 'PEMBE-WHEAT-2KG', barcode: '616152012000', cost: 160, price: 190, stock: ['24', '12'], tax: 'zero_rated' }),
  simple({ name: 'Exe all purpose flour 2 kg', category: 'Cereals & flour › Unga', brand: 'Exe', sku: 'EXE-2KG', barcode: '616153002000', cost: 165, price: 195, stock: ['24', '12'], tax: 'zero_rated' }),
  simple({ name: 'Sunrice long grain rice 2 kg', category: 'Cereals & flour › Rice & pulses', brand: 'Sunrice', sku: 'SUNRICE-2KG', barcode: '616154002000', cost: 320, price: 380, stock: ['20', '10'], tax: 'exempt' }),
  simple({ name: 'Mwea pishori rice (loose)', category: 'Cereals & flour › Rice & pulses', brand: null, sku: 'PISHORI-KG', barcode: null, cost: 180, price: 220, stock: ['45', '25'], tax: 'exempt', unit: 'Kilogram', reorder: '10' }),
  simple({ name: 'Green grams (ndengu, loose)', category: 'Cereals & flour › Rice & pulses', brand: null, sku: 'NDENGU-KG', barcode: null, cost: 160, price: 200, stock: ['20', '10'], tax: 'exempt', unit: 'Kilogram' }),
  simple({ name: 'Kimbo cooking fat 1 kg', category: 'Cooking oil & fats', brand: 'Kimbo', sku: 'KIMBO-1KG', barcode: '616170001000', cost: 340, price: 390, stock: ['24', '12'], reorder: '6' }),
  simple({ name: 'Kimbo cooking fat 500 g', category: 'Cooking oil & fats', brand: 'Kimbo', sku: 'KIMBO-500', barcode: '616170000500', cost: 175, price: 205, stock: ['30', '18'] }),
  simple({ name: 'Elianto corn oil 1 l', category: 'Cooking oil & fats', brand: 'Elianto', sku: 'ELIANTO-1L', barcode: '616171001000', cost: 390, price: 450, stock: ['18', '12'] }),
  simple({ name: 'Fresh Fri vegetable oil 1 l', category: 'Cooking oil & fats', brand: 'Fresh Fri', sku: 'FRESHFRI-1L', barcode: '616172001000', cost: 285, price: 330, stock: ['24', '12'] }),
  simple({ name: 'Blue Band margarine 250 g', category: 'Cooking oil & fats', brand: 'Blue Band', sku: 'BLUEBAND-250', barcode: '616173000250', cost: 108, price: 130, stock: ['24', '12'] }),
  simple({ name: 'Mumias sugar 1 kg', category: 'Sugar & salt', brand: 'Mumias', sku: 'MUMIAS-1KG', barcode: '616258101000', cost: 148, price: 170, stock: ['40', '24'], reorder: '15' }),
  simple({ name: 'Kabras sugar 2 kg', category: 'Sugar & salt', brand: 'Kabras', sku: 'KABRAS-2KG', barcode: '616269002000', cost: 290, price: 330, stock: ['20', '12'] }),
  simple({ name: 'Kensalt iodised salt 1 kg', category: 'Sugar & salt', brand: 'Kensalt', sku: 'KENSALT-1KG', barcode: '616141001000', cost: 38, price: 50, stock: ['30', '20'] }),
  simple({ name: 'Kensalt iodised salt 500 g', category: 'Sugar & salt', brand: 'Kensalt', sku: 'KENSALT-500', barcode: '616141000500', cost: 22, price: 30, stock: ['40', '20'] }),
  simple({ name: 'Omo washing powder 500 g', category: 'Household › Laundry', brand: 'Omo', sku: 'OMO-500', barcode: '616214000500', cost: 185, price: 220, stock: ['24', '12'] }),
  simple({ name: 'Omo washing powder 1 kg', category: 'Household › Laundry', brand: 'Omo', sku: 'OMO-1KG', barcode: '616214001000', cost: 355, price: 420, stock: ['12', '6'] }),
  simple({ name: 'Menengai cream bar soap 800 g', category: 'Household › Laundry', brand: 'Menengai', sku: 'MENENGAI-800', barcode: '616181000800', cost: 160, price: 190, stock: ['30', '15'] }),
  simple({ name: 'Sunlight dishwashing paste 400 g', category: 'Household › Cleaning', brand: 'Sunlight', sku: 'SUNLIGHT-400', barcode: '616214100400', cost: 105, price: 130, stock: ['18', '10'] }),
  simple({ name: 'Jik bleach 750 ml', category: 'Household › Cleaning', brand: 'Jik', sku: 'JIK-750', barcode: '616347000750', cost: 150, price: 180, stock: ['12', '8'] }),
  simple({ name: 'Harpic toilet cleaner 500 ml', category: 'Household › Cleaning', brand: 'Harpic', sku: 'HARPIC-500', barcode: '616347100500', cost: 225, price: 270, stock: ['10', '6'] }),
  simple({ name: 'Rosy toilet paper (10 rolls)', category: 'Household › Cleaning', brand: 'Rosy', sku: 'ROSY-10', barcode: '616348000010', cost: 380, price: 450, stock: ['15', '10'] }),
  simple({ name: 'Doom insect killer 300 ml', category: 'Household › Cleaning', brand: 'Doom', sku: 'DOOM-300', barcode: '616349000300', cost: 380, price: 450, stock: ['8', '4'] }),
  simple({ name: 'Colgate Maximum Cavity Protection toothpaste 100 ml', category: 'Personal care › Oral care', brand: 'Colgate', sku: 'COLGATE-100', barcode: '616225000100', cost: 150, price: 180, stock: ['24', '12'] }),
  simple({ name: 'Colgate Extra Clean toothbrush', category: 'Personal care › Oral care', brand: 'Colgate', sku: 'COLGATE-BRUSH', barcode: '616225001001', cost: 62, price: 80, stock: ['30', '15'] }),
  simple({ name: 'Vaseline petroleum jelly 100 ml', category: 'Personal care › Skin & hair', brand: 'Vaseline', sku: 'VASELINE-100', barcode: '616358000100', cost: 130, price: 160, stock: ['20', '10'] }),
  simple({ name: 'Nivea body lotion 400 ml', category: 'Personal care › Skin & hair', brand: 'Nivea', sku: 'NIVEA-400', barcode: '616369000400', cost: 540, price: 650, stock: ['8', '4'] }),
  simple({ name: 'Geisha bathing soap 175 g', category: 'Personal care › Skin & hair', brand: 'Geisha', sku: 'GEISHA-175', barcode: '616381000175', cost: 90, price: 110, stock: ['36', '18'] }),
  simple({ name: 'Always Ultra sanitary pads (8)', category: 'Personal care › Feminine care', brand: 'Always', sku: 'ALWAYS-8', barcode: '616370000008', cost: 98, price: 120, stock: ['24', '12'], tax: 'exempt' }),
  simple({ name: 'Tropical Heat salted crisps 50 g', category: 'Snacks', brand: 'Tropical Heat', sku: 'TH-CRISPS-50', barcode: '616336000050', cost: 45, price: 60, stock: ['40', '20'] }),
  simple({ name: 'Manji Nice biscuits 100 g', category: 'Snacks', brand: 'Manji', sku: 'MANJI-NICE-100', barcode: '616325000100', cost: 35, price: 45, stock: ['48', '24'] }),
  simple({ name: 'Nuvita digestive biscuits 100 g', category: 'Snacks', brand: 'Nuvita', sku: 'NUVITA-DIG-100', barcode: '616326000100', cost: 38, price: 50, stock: ['36', '24'] }),
  simple({ name: 'Cadbury Dairy Milk 80 g', category: 'Snacks', brand: 'Cadbury', sku: 'CADBURY-80', barcode: '616327000080', cost: 205, price: 250, stock: ['20', '10'] }),
  produce('Tomatoes', 'FP-TOMATO', 85, 120, ['18.5', '9.25'], '5'),
  produce('Red onions', 'FP-ONION', 100, 140, ['22', '12.5'], '5'),
  produce('Sukuma wiki', 'FP-SUKUMA', 35, 60, ['3.5', '8'], '5'),
  produce('Irish potatoes', 'FP-POTATO', 60, 90, ['40', '25'], '10'),
  produce('Ripe bananas', 'FP-BANANA', 70, 100, ['15.75', '6'], '4'),
  {
    name: 'Cotton T-shirt',
    category: 'Clothing',
    brand: null,
    unit: 'Piece',
    taxClass: 'standard',
    reorderLevel: null,
    description: 'Plain round-neck T-shirt, 100% cotton.',
    variants: [
      { name: 'M / White', options: { Size: 'M', Colour: 'White' }, sku: 'TSHIRT-M-WHT', barcodeBody: '616400100011', costKes: 320, priceKes: 500, stock: ['6', '4'] },
      { name: 'M / Black', options: { Size: 'M', Colour: 'Black' }, sku: 'TSHIRT-M-BLK', barcodeBody: '616400100012', costKes: 320, priceKes: 500, stock: ['6', '0'] },
      { name: 'L / White', options: { Size: 'L', Colour: 'White' }, sku: 'TSHIRT-L-WHT', barcodeBody: '616400100021', costKes: 340, priceKes: 550, stock: ['4', '4'] },
      { name: 'L / Black', options: { Size: 'L', Colour: 'Black' }, sku: 'TSHIRT-L-BLK', barcodeBody: '616400100022', costKes: 340, priceKes: 550, stock: ['5', '3'] },
    ],
  },
];
