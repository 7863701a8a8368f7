// HollowCache: placeholder until its issue lands.
