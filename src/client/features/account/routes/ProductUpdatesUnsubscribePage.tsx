/**
 * /email-preferences/product-updates/{token}: where an "update available" email's unsubscribe
 * link lands. It turns those emails off for the address the signed token names, a guest's as
 * well as an account's (no sign-in needed), and says so.
 */
import { useParams } from 'react-router'
import { PRODUCT_UPDATES_UNSUBSCRIBE_MESSAGES } from '../../../../shared/contract/email-preferences.ts'
import { unsubscribeFromProductUpdates } from '../api/email-preferences.ts'
import { UnsubscribeCard } from '../UnsubscribeCard.tsx'

export default function ProductUpdatesUnsubscribePage() {
  return (
    <>
      <title>Update Emails | Audio Lab Store</title>
      <UnsubscribeCard
        token={useParams().token ?? ''}
        unsubscribe={unsubscribeFromProductUpdates}
        title="Update emails"
        doneTitle="Update emails are off"
        doneMessage={PRODUCT_UPDATES_UNSUBSCRIBE_MESSAGES.unsubscribed}
        doneNote="Your purchases and their downloads stay as they are. With an account, you can turn these emails back on in your profile."
        failedMessage={PRODUCT_UPDATES_UNSUBSCRIBE_MESSAGES.failed}
        next={{ to: '/', label: 'Back to the store' }}
      />
    </>
  )
}
