//! What kind of file an attachment is, by its extension: images show as thumbnails and open in a
//! preview, PDF files open in the browser, anything else is downloaded.
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'];
const PDF = 'pdf';

const extensionOf = (row: { extension?: string | null }) => (row.extension ?? '').replace(/^\./, '').toLowerCase();
export const isImage = (row: { extension?: string | null }) => IMAGE_EXTENSIONS.includes(extensionOf(row));
/** Images and PDF files open in the browser; anything else is downloaded. */
export const isPreviewable = (row: { extension?: string | null }) => isImage(row) || extensionOf(row) === PDF;
