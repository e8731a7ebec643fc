// The cards every site offers, in English and German; plugins and the theme add theirs after these.
import type { z } from 'zod';
import type { cardSchema } from './card-definition.js';

export const CORE_CARDS: z.input<typeof cardSchema>[] = [
  {
    name: 'callout', title: { en: 'Callout', de: 'Hinweis' },
    description: { en: 'A highlighted box for a tip, a note or a warning.', de: 'Ein hervorgehobener Kasten für einen Tipp, eine Notiz oder eine Warnung.' },
    hint: { en: 'Keep it to one or two sentences.', de: 'Ein oder zwei Sätze genügen.' },
    value: { label: { en: 'Tone: info, tip or warning', de: 'Ton: info, tip oder warning' }, required: false },
    content: true,
    fields: [{ key: 'title', type: 'text', label: { en: 'Title', de: 'Titel' } }],
  },
  {
    name: 'image', title: { en: 'Image', de: 'Bild' },
    description: { en: 'One image from the media library with a caption.', de: 'Ein Bild aus der Mediathek mit Bildunterschrift.' },
    hint: { en: 'Upload with media_upload first; use the returned media/... reference.', de: 'Erst mit media_upload hochladen; die media/...-Referenz verwenden.' },
    fields: [
      { key: 'src', type: 'image', label: { en: 'Image', de: 'Bild' }, required: true },
      { key: 'alt', type: 'text', label: { en: 'Alternative text', de: 'Alternativtext' }, required: true },
      { key: 'caption', type: 'text', label: { en: 'Caption', de: 'Bildunterschrift' } },
    ],
  },
  {
    name: 'gallery', title: { en: 'Gallery', de: 'Galerie' },
    description: { en: 'A grid of images from the media library.', de: 'Ein Raster aus Bildern der Mediathek.' },
    hint: { en: 'List media references separated by commas.', de: 'Media-Referenzen durch Kommas getrennt angeben.' },
    fields: [
      { key: 'images', type: 'images', label: { en: 'Images', de: 'Bilder' }, required: true },
      { key: 'columns', type: 'select', label: { en: 'Columns', de: 'Spalten' }, default: '3', options: ['2', '3', '4'] },
    ],
  },
  {
    name: 'video', title: { en: 'Video', de: 'Video' },
    description: { en: 'A video from YouTube or Vimeo, loaded only after the visitor agrees.', de: 'Ein Video von YouTube oder Vimeo, erst nach Zustimmung geladen.' },
    hint: { en: 'Give the address of the video page.', de: 'Die Adresse der Videoseite angeben.' },
    value: { label: { en: 'Video address', de: 'Video-Adresse' }, required: true },
    fields: [{ key: 'title', type: 'text', label: { en: 'Title', de: 'Titel' } }],
  },
  {
    name: 'button', title: { en: 'Button', de: 'Schaltfläche' },
    description: { en: 'A link that looks like a button.', de: 'Ein Link, der wie eine Schaltfläche aussieht.' },
    hint: { en: 'Use for one clear next step.', de: 'Für einen klaren nächsten Schritt.' },
    value: { label: { en: 'Label', de: 'Beschriftung' }, required: true },
    fields: [
      { key: 'href', type: 'url', label: { en: 'Address', de: 'Adresse' }, required: true },
      { key: 'style', type: 'select', label: { en: 'Style', de: 'Stil' }, default: 'primary', options: ['primary', 'secondary'] },
    ],
  },
  {
    name: 'quote', title: { en: 'Quote', de: 'Zitat' },
    description: { en: 'A quotation with its author.', de: 'Ein Zitat mit Urheber.' },
    hint: { en: 'Name the author when you know it.', de: 'Den Urheber nennen, wenn bekannt.' },
    content: true,
    fields: [
      { key: 'author', type: 'text', label: { en: 'Author', de: 'Urheber' } },
      { key: 'source', type: 'text', label: { en: 'Source', de: 'Quelle' } },
    ],
  },
];
