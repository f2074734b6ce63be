import type { Order } from '../types'

/** Paid (or fulfilled, for an order that cost nothing): the order page takes over from the checkout. */
export function isPaid(order: Pick<Order, 'status'>): boolean {
  return order.status === 'paid' || order.status === 'fulfilled'
}
