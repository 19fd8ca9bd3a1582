/** What both engines read of a product for a list: the columns a list item shows. */
import { getTableColumns } from 'drizzle-orm'
import { products } from '../catalog/catalog.schema.ts'

const { previewPeaks: _peaks, searchVector: _vector, searchText: _text, ...listed } = getTableColumns(products)

/** A list item's columns: not the waveform, nor the search columns, which lists never show. */
export const LISTED_COLUMNS = listed
