/**
 * The store's private pages as the router loads them (app/router.tsx). The router imports this
 * small module rather than each page: the list of files a page needs is then written here, in
 * a chunk of its own, not in the first load that every page of the site pays for.
 */
export const checkoutPage = () => import('./CheckoutPage')
export const orderPage = () => import('../orders/OrderPage')
