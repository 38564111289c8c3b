import type { CategoryIconName } from '@cab/contracts/client';

/**
 * Path data of the category icons: outline glyphs on a 24-unit grid, stroked with the
 * text colour like the app's own set (apps/web/src/app/icons.tsx). Drawn for this app;
 * every name of CATEGORY_ICONS has one, or the build fails.
 */
export const CATEGORY_PATHS: Record<CategoryIconName, string> = {
  // A bowl with chopsticks.
  food: 'M3.5 11.5h17a8.5 7 0 0 1-17 0zM9.5 20.5h5M10 9 18 3.5M13.5 9.5 20 6',
  // A bag with handles.
  shopping: 'M5 8.5h14v11a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1zM9 10.5V7a3 3 0 0 1 6 0v3.5',
  // A T-shirt.
  clothing: 'M9 4 4 6.5 2.5 11l3 1.2L7 10.5V20h10v-9.5l1.5 1.7 3-1.2L20 6.5 15 4a3 3 0 0 1-6 0z',
  // A bus from the side.
  transport:
    'M5 17H3.5V7.5A1.5 1.5 0 0 1 5 6h12.5a3 3 0 0 1 3 3v8H19M9 17h6M3.5 11.5h17M8 6v5.5M12.5 6v5.5M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  // A car from the side.
  car: 'M5 16H3v-4l2.5-4.5h9L18 12l3 .8V16h-2M9 16h6M3 12h15M10.5 7.5V12M7 18a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 18a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  // A fuel pump with its hose.
  fuel: 'M5 20.5V5a1.5 1.5 0 0 1 1.5-1.5h6A1.5 1.5 0 0 1 14 5v15.5M3.5 20.5h12M7 7h5v3.5H7zM14 11h1.5a1.5 1.5 0 0 1 1.5 1.5v4a1.5 1.5 0 0 0 3 0V8l-2.5-2.5',
  // A P on a sign.
  parking:
    'M6 3.5h12A2.5 2.5 0 0 1 20.5 6v12a2.5 2.5 0 0 1-2.5 2.5H6A2.5 2.5 0 0 1 3.5 18V6A2.5 2.5 0 0 1 6 3.5zM9.5 17V7.5H13a3 3 0 0 1 0 6H9.5',
  // An open-ended spanner.
  repair: 'M15.2 6.7 17.4 4.4A4.5 4.5 0 0 0 11.4 10.4L5.3 16.6A1.5 1.5 0 0 0 7.4 18.8L13.6 12.6A4.5 4.5 0 0 0 19.6 6.6L17.3 8.9z',
  // A toolbox.
  tools:
    'M3.5 9.5h17v9A1.5 1.5 0 0 1 19 20H5a1.5 1.5 0 0 1-1.5-1.5zM9 9.5v-3a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3M3.5 13.5h17M10.5 13.5V15h3v-1.5',
  // A shield with a tick.
  insurance: 'M12 3.5 19 6v5.5c0 4.5-3 7.7-7 9-4-1.3-7-4.5-7-9V6zM8.8 12l2.2 2.2 4.2-4.4',
  // A house with a door.
  home: 'M4 11 12 4l8 7M6 9.5V20h12V9.5M10 20v-5.5h4V20',
  // A sofa.
  furniture:
    'M5 11V8a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v3M3.5 12a1.5 1.5 0 0 1 3 0v2h11v-2a1.5 1.5 0 0 1 3 0v5.5h-17zM5.5 17.5V20M18.5 17.5V20',
  // A television with an aerial.
  appliance:
    'M4.5 6.5h15A1.5 1.5 0 0 1 21 8v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17V8a1.5 1.5 0 0 1 1.5-1.5zM8.5 2.5l3.5 4 3.5-4M8 21.5h8',
  // A shower head and its drops.
  bathroom: 'M5 21V6a3 3 0 0 1 6 0v1.5M8 10.5a3 3 0 0 1 6 0zM9 13.5l-.5 1.5M11 13.5V15M13 13.5l.5 1.5M9.5 17.5 9 19M12.5 17.5l.5 1.5',
  // A brick wall.
  construction: 'M3.5 5.5h17v13h-17zM3.5 9.8h17M3.5 14.2h17M9 5.5v4.3M15 5.5v4.3M6 9.8v4.4M12 9.8v4.4M18 9.8v4.4M9 14.2v4.3M15 14.2v4.3',
  // A set square with its scale.
  design: 'M4 4v16h16zM8 11.5V16h4.5zM8 20v-1.5M12 20v-1.5M16 20v-1.5',
  // A game controller.
  entertainment:
    'M7.5 7.5h9a4.5 4.5 0 0 1 4.4 5.4l-.9 4.6a2 2 0 0 1-3.4 1L14.5 16h-5l-2.1 2.5a2 2 0 0 1-3.4-1l-.9-4.6a4.5 4.5 0 0 1 4.4-5.4zM8 10.5v3M6.5 12h3M15.5 11h.5M17.5 13h.5',
  // A basketball.
  sports: 'M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17zM3.5 12h17M12 3.5v17M6 6a8.5 8.5 0 0 1 0 12M18 6a8.5 8.5 0 0 0 0 12',
  // A suitcase.
  travel:
    'M4.5 8h15A1.5 1.5 0 0 1 21 9.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5v-9A1.5 1.5 0 0 1 4.5 8zM9 8V5.5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1V8M7.5 8v12M16.5 8v12',
  // A train from the front.
  train:
    'M8 3.5h8a3.5 3.5 0 0 1 3.5 3.5v7a3 3 0 0 1-3 3h-9a3 3 0 0 1-3-3V7A3.5 3.5 0 0 1 8 3.5zM4.5 10.5h15M8 14h.5M15.5 14h.5M8.5 17.5 6 21M15.5 17.5 18 21M7.3 19.5h9.4',
  // A bed with a pillow.
  hotel: 'M3 19.5v-14M3 15.5h18v4M21 15.5V12a2.5 2.5 0 0 0-2.5-2.5H11v6M6.5 13.2a1.7 1.7 0 1 0 0-3.4 1.7 1.7 0 0 0 0 3.4z',
  // A camera.
  photo:
    'M4.5 7.5h3L9 5h6l1.5 2.5h3A1.5 1.5 0 0 1 21 9v9.5a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 18.5V9a1.5 1.5 0 0 1 1.5-1.5zM12 17a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z',
  // A capsule.
  medical: 'M13.2 5.4A3.8 3.8 0 0 1 18.6 10.8L10.8 18.6A3.8 3.8 0 0 1 5.4 13.2zM9.3 9.3l5.4 5.4',
  // An open book.
  education: 'M12 6.5C10 5 7 4.5 3.5 5v13c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5zM12 6.5v13',
  // A child.
  children: 'M12 9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM7 11.5l5 1 5-1M12 12.5v3.5M9.5 20.5l2.5-4.5 2.5 4.5',
  // A feeding bottle.
  'baby-food': 'M9 9.5h6V19a2 2 0 0 1-2 2h-2a2 2 0 0 1-2-2zM8.5 8h7v1.5h-7zM10.5 8V6.3a1.5 1.5 0 0 1 3 0V8M12 3.2v1.6M9 13h2.5M9 16h2.5',
  // A teddy bear's head.
  toys: 'M12 19.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM7.4 8.4A2.2 2.2 0 1 1 9.8 6.9M16.6 8.4A2.2 2.2 0 1 0 14.2 6.9M9.8 12h.01M14.2 12h.01M12 17.2c1.2 0 2-.7 2-1.5s-.8-1.5-2-1.5-2 .7-2 1.5.8 1.5 2 1.5z',
  // Someone older, with a walking stick.
  elderly:
    'M9.5 7a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM9.5 8.5c.3 2 .8 3.5 1 5M10.5 13.5 8 20.5M10.5 13.5l2 3.2v3.8M9.8 9.8l4.7 2.5M14.5 20.5V11a1.3 1.3 0 0 1 2.6 0v.8',
  // A cat's head.
  pet: 'M5 4.5 8.5 8h7L19 4.5V12a7 7 0 0 1-14 0zM9.5 12v.5M14.5 12v.5M11 15h2l-1 1z',
  // A red envelope with its seal.
  'red-envelope':
    'M5.5 3.5h13a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1h-13a1 1 0 0 1-1-1v-15a1 1 0 0 1 1-1zM4.5 7c2 2 4.5 3.5 7.5 3.5S17.5 9 19.5 7M12 12.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  // A wrapped present.
  gift: 'M4 9h16v3.5H4zM5.5 12.5V20h13v-7.5M12 9v11M12 9C10.5 5.5 7 5 7.3 7.2 7.5 8.7 10 9 12 9zM12 9c1.5-3.5 5-4 4.7-1.8C16.5 8.7 14 9 12 9z',
  // Two rings and a sparkle.
  wedding: 'M9 19a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM15 19a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 3v2.5M9 4.2l1 1.3M15 4.2l-1 1.3',
  // A cut gem.
  jewelry: 'M7 4.5h10l3.5 5L12 20 3.5 9.5zM3.5 9.5h17M9.5 4.5 8 9.5l4 10.5 4-10.5-1.5-5',
  // A parcel.
  stock: 'M12 3 20 7.5v9L12 21l-8-4.5v-9zM4 7.5l8 4.5 8-4.5M12 12v9M8 5.2l8 4.6',
  // A store front with windows.
  store: 'M4.5 20.5V6L12 3l7.5 3v14.5M3 20.5h18M8 9h2M14 9h2M8 12.5h2M14 12.5h2M10.5 20.5V16h3v4.5',
  // A hard hat.
  labor: 'M3.5 17h17v2.5h-17zM5 17v-2a7 7 0 0 1 14 0v2M10 8.3V12M14 8.3V12',
  // A megaphone.
  marketing: 'M3.5 10.5v3a1 1 0 0 0 1 1H7l10 5V4.5l-10 5H4.5a1 1 0 0 0-1 1zM7 14.5l1 5h2.5l-1-4.5M20 10v4',
  // A lorry.
  delivery:
    'M4.5 16.5h-2V6h11v10.5M8.5 16.5h6.5M19 16.5h1.5V13l-3-3.5h-4M6.5 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  // A receipt.
  tax: 'M6 3.5h12v17l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5-2 1.5zM9 8h6M9 11.5h6M9 15h3.5',
  // Two banknotes.
  salary: 'M5 8.5h15.5v10H5zM3.5 15.5v-10h15M12.8 15.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  // A medal on its ribbon.
  bonus: 'M12 14.5a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM9 13.5 7.5 21l4.5-2.5 4.5 2.5-1.5-7.5',
  // A price tag.
  sales: 'M3.5 12.3V4.5a1 1 0 0 1 1-1h7.8l8.2 8.2a1.5 1.5 0 0 1 0 2.1l-6.4 6.4a1.5 1.5 0 0 1-2.1 0zM8 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  // A rising line.
  investment: 'M3.5 20.5h17M4 16l5-5 3.5 3.5 7-7M15 7.5h4.5V12',
  // A money bag with a yuan sign.
  income:
    'M9 3.5h6l-1.5 3h-3zM10.5 6.5C6 9 4 13 4 16a4.5 4.5 0 0 0 4.5 4.5h7A4.5 4.5 0 0 0 20 16c0-3-2-7-6.5-9.5M9.8 11l2.2 3 2.2-3M12 14v4.5M10 15.2h4M10 17.2h4',
  // Three squares and a circle.
  other: 'M4.5 4.5h6v6h-6zM13.5 4.5h6v6h-6zM4.5 13.5h6v6h-6zM16.5 19.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
};
