/* tunnel.h — tunnels: one-square-wide corridors a box is pushed through.
 * A push that leaves the player inside a tunnel behind the box is
 * continued until the box leaves it (a no-influence push: one child state
 * instead of one per square), and two boxes parked in one goalless tunnel
 * segment can never get out again. */
#ifndef HAKO_TUNNEL_H
#define HAKO_TUNNEL_H

#include <stdint.h>

#include "board.h"
#include "memory.h"

typedef struct tunnel_info {
	/* [square * 4 + dir]: after a push toward dir that leaves the player
	 * on `square` and the box on the next square, push it on at once (if
	 * the square beyond is free and not dead): see tunnel.c. */
	uint8_t *go_on;
	/* [square * 4 + dir]: the square and every square beyond it toward
	 * dir up to a wall are walled across dir (a one-wide dead end). */
	uint8_t *dead_end;
	/* [square]: segment number + 1 of a goalless corridor square (walls on
	 * both sides across one axis), 0 elsewhere; [square*2 + axis] packed
	 * as two entries, axis 0 horizontal, 1 vertical. */
	uint32_t *segment;
	size_t bytes;
	memory *mem;
} tunnel_info;

hako_status tunnel_init(tunnel_info *t, const board *b, memory *mem);
void tunnel_free(tunnel_info *t);

static inline int tunnel_go_on(const tunnel_info *t, unsigned player, unsigned dir)
{
	return t->go_on[player * 4u + dir];
}

/* The tunnel macro after a push toward `dir` that left the player on
 * *stand and the box on *to (shown in `occupied`): push on while the box
 * stays in the tunnel and the next square is free and not dead, updating
 * occupied, *stand and *to. Returns the pushes added. */
unsigned tunnel_push_on(const tunnel_info *t, const board *b, uint8_t *occupied, unsigned dir,
                        unsigned *stand, uint16_t *to);

/* The dead-end macro after a push toward `dir` that left the player on
 * *stand and the box on *to: when *to starts a one-wide dead end, push the
 * box on to the farthest goal of the free run beyond it (see tunnel.c),
 * updating occupied, *stand and *to. Returns the pushes added. */
unsigned tunnel_dead_end_push(const tunnel_info *t, const board *b, uint8_t *occupied, unsigned dir,
                              unsigned *stand, uint16_t *to);

/* Two boxes in one goalless tunnel segment after the box on `pushed`
 * arrived: a deadlock (see tunnel.c). */
int tunnel_parking_dead(const tunnel_info *t, const board *b, const uint8_t *occupied,
                        unsigned pushed);

#endif
