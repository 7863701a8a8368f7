// HollowKit: placeholder until its issue lands.
